export function meta() {
  return [{ title: 'Bare page' }, { name: 'description', content: 'A bare React Router page.' }]
}

export default function Home() {
  return (
    <main>
      <h1>Bare page</h1>
      <p>A React Router app with one route and nothing else: the baseline of the benchmark.</p>
    </main>
  )
}
