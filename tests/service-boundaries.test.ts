import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { ROOT } from './server-process'

/**
 * The three services are independent units. The lint rule (eslint.config.js,
 * import-x/no-restricted-paths) is what holds it; this plants violations and checks it fires.
 */
const eslint = new ESLint({ cwd: ROOT })

async function restricted(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) })
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message)
}

describe('service boundaries', () => {
  it.each([
    [
      'services/users/planted.ts',
      "import { businessService } from '../business'\nexport const x = businessService\n",
      'services/users must not import services/business',
    ],
    [
      'services/business/planted.ts',
      "import { usersService } from '../users'\nexport const x = usersService\n",
      'services/business must not import services/users',
    ],
    [
      'services/general-data/planted.ts',
      "import { usersService } from '../users'\nexport const x = usersService\n",
      'services/general-data must not import services/users',
    ],
    [
      'services/shared/planted.ts',
      "import { businessService } from '../business'\nexport const x = businessService\n",
      'services/shared is shared',
    ],
    [
      'services/platform/planted.ts',
      "import { generalDataService } from '../general-data'\nexport const x = generalDataService\n",
      'services/platform is shared',
    ],
    // The path aliases (package.json "imports") are held by the same rule.
    [
      'services/users/planted.ts',
      "import { businessService } from '#services/business'\nexport const x = businessService\n",
      'services/users must not import services/business',
    ],
    [
      'services/platform/planted.ts',
      "import { usersService } from '#services/users'\nexport const x = usersService\n",
      'services/platform is shared',
    ],
  ])(
    'refuses a planted import in %s',
    async (file, code, message) => {
      const found = await restricted(file, code)
      expect(found).toHaveLength(1)
      expect(found[0]).toContain(message)
    },
    60_000,
  )

  it('allows a service its own folder, services/shared, services/platform and domain/', async () => {
    const code = [
      "import { usersService } from '../users'",
      "import { FORM_LIMIT } from '../shared/team-mail'",
      "import { MESSAGES } from '../platform/http'",
      "import { communes } from '../../domain/reference-data'",
      'export const x = [usersService, FORM_LIMIT, MESSAGES, communes]',
      '',
    ].join('\n')
    expect(await restricted('services/users/planted.ts', code)).toEqual([])
  }, 60_000)
})
