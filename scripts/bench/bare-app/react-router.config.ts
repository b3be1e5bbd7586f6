import type { Config } from '@react-router/dev/config'

// Server-rendered, like the product (and React Router's default template).
export default { ssr: true } satisfies Config
