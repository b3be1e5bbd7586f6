import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { ROOT } from './server-process'

/**
 * A loader or action must not start a promise it leaves unhandled while it
 * waits for something else. `Promise.all([check(await a()), check(await b())])` starts the first
 * check, then waits for `b`; if the first check rejects meanwhile (a redirect thrown on a revoked
 * session), nobody handles it yet and Node ends the process. This reads the web tier's server
 * code with the type checker and lists, in every function:
 *
 * - an argument, array element or property value that is a promise, followed by a sibling that
 *   awaits (the promise runs unhandled during that await);
 * - a promise kept in a variable (without a `.catch(…)` where it starts) while the code awaits
 *   something else before it uses the variable (two calls started, then awaited one by one);
 * - a promise-valued statement that nobody awaits (a floating promise), unless marked `void`.
 *
 * React components and hooks (functions named `Xxx` or `useXxx`, and JSX props) run in the
 * browser, where `navigate()` and `fetcher.load()` are fire-and-forget by design: not read.
 */
const DIRS = ['app/routes', 'app/.server']

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...sourceFiles(rel))
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(path.join(ROOT, rel))
  }
  return out
}

function isFunctionLike(node: ts.Node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node)
  )
}

/** Whether `node` awaits, outside any function nested in it. */
function containsAwait(node: ts.Node): boolean {
  if (ts.isAwaitExpression(node)) return true
  if (isFunctionLike(node)) return false
  return ts.forEachChild(node, (child) => (containsAwait(child) ? true : undefined)) ?? false
}

function unwrap(node: ts.Expression): ts.Expression {
  let n = node
  while (
    ts.isParenthesizedExpression(n) ||
    ts.isAsExpression(n) ||
    ts.isSatisfiesExpression(n) ||
    ts.isNonNullExpression(n)
  )
    n = n.expression
  return n
}

function functionName(node: ts.Node): string | undefined {
  if ((ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node)) && node.name)
    return node.name.getText()
  if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && ts.isVariableDeclaration(node.parent))
    return node.parent.name.getText()
  return undefined
}

/** A React component or hook, or a prop of an element: browser code. */
function isClientCode(node: ts.Node): boolean {
  if (ts.isJsxAttribute(node)) return true
  if (!isFunctionLike(node)) return false
  const name = functionName(node)
  return Boolean(name && /^([A-Z]|use[A-Z])/.test(name))
}

function isCaught(node: ts.Expression): boolean {
  const init = unwrap(node)
  return (
    ts.isCallExpression(init) && ts.isPropertyAccessExpression(init.expression) && init.expression.name.text === 'catch'
  )
}

/** For `const p = promise`: the first await between it and the first statement that uses `p`. */
function awaitBeforeUse(decl: ts.VariableDeclaration): ts.Node | undefined {
  let statement: ts.Node = decl
  while (statement.parent && !ts.isBlock(statement.parent) && !ts.isSourceFile(statement.parent))
    statement = statement.parent
  const block = statement.parent as ts.Block | ts.SourceFile | undefined
  if (!block || !ts.isIdentifier(decl.name)) return undefined
  const name = decl.name.text
  const uses = (node: ts.Node): boolean =>
    (ts.isIdentifier(node) && node.text === name) ||
    (ts.forEachChild(node, (c) => (uses(c) ? true : undefined)) ?? false)
  const firstAwait = (node: ts.Node): ts.Node | undefined =>
    ts.isAwaitExpression(node) ? node : isFunctionLike(node) ? undefined : ts.forEachChild(node, firstAwait)
  const rest = block.statements.slice(block.statements.indexOf(statement as ts.Statement) + 1)
  for (const next of rest) {
    if (uses(next)) return undefined
    const found = firstAwait(next)
    if (found) return found
  }
  return undefined
}

/** The audit over a set of files; one line per finding (file:line: what). */
export function findUnhandledPromises(files: string[]): string[] {
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node'],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    allowImportingTsExtensions: true,
  })
  const checker = program.getTypeChecker()
  const findings: string[] = []

  const isPromise = (node: ts.Expression): boolean => {
    const n = unwrap(node)
    if (ts.isAwaitExpression(n) || ts.isVoidExpression(n)) return false
    const type = checker.getTypeAtLocation(n)
    const parts = type.isUnion() ? type.types : [type]
    return parts.some((t) => {
      const then = t.getProperty('then')
      return Boolean(then && checker.getTypeOfSymbolAtLocation(then, n).getCallSignatures().length)
    })
  }

  for (const file of files) {
    const source = program.getSourceFile(file)
    if (!source) continue
    const where = (node: ts.Node) =>
      `${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`

    /** Siblings evaluated in order: a promise among them must not wait through a later await. */
    const checkSiblings = (items: readonly ts.Expression[]) => {
      items.forEach((item, i) => {
        if (!isPromise(item)) return
        const later = items.slice(i + 1).find((next) => containsAwait(next))
        if (later)
          findings.push(
            `${where(item)}: a promise is left unhandled while a later argument awaits ` +
              `(${where(later)}); await each, or pass unawaited calls to Promise.all`,
          )
      })
    }

    const visit = (node: ts.Node) => {
      if (isClientCode(node)) return
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) checkSiblings(node.arguments ?? [])
      if (ts.isArrayLiteralExpression(node)) checkSiblings(node.elements.filter((e) => !ts.isSpreadElement(e)))
      if (ts.isObjectLiteralExpression(node))
        checkSiblings(node.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? [p.initializer] : [])))
      if (
        ts.isVariableDeclaration(node) &&
        node.initializer &&
        isPromise(node.initializer) &&
        !isCaught(node.initializer)
      ) {
        const awaitedFirst = awaitBeforeUse(node)
        if (awaitedFirst)
          findings.push(
            `${where(node)}: the promise in '${node.name.getText(source)}' is left unhandled ` +
              `while the code awaits something else (${where(awaitedFirst)})`,
          )
      }
      if (ts.isExpressionStatement(node) && isPromise(node.expression))
        findings.push(`${where(node)}: a promise nobody awaits`)
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return findings
}

describe('server code of the web tier', () => {
  it('starts no promise it leaves unhandled', () => {
    const files = DIRS.flatMap(sourceFiles)
    expect(files.length).toBeGreaterThan(40)
    const findings = findUnhandledPromises(files)
    console.info(`[promises] ${files.length} files read, ${findings.length} findings`)
    expect(findings).toEqual([])
  }, 120_000)

  it('recognises the pattern it looks for', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-unawaited-'))
    try {
      const file = path.join(dir, 'sample.ts')
      fs.writeFileSync(
        file,
        `declare function call(n: number): Promise<number>
        declare function check(n: number): Promise<number>
        export async function bad() {
          return Promise.all([check(await call(1)), check(await call(2))])
        }
        export async function kept() {
          const first = call(1)
          const second = await call(2)
          return (await first) + second
        }
        export async function floating() {
          call(1)
        }
        export async function good() {
          const [a, b] = await Promise.all([call(1), call(2)])
          const c = call(3).catch(() => 0)
          void call(4)
          return a + b + (await check(await call(5))) + (await c)
        }
        export function Page() {
          call(6)
          return null
        }
        `,
      )
      const findings = findUnhandledPromises([file]).map((f) => f.replace(/^.*?sample\.ts:/, ''))
      expect(findings).toEqual([
        expect.stringMatching(/^4: a promise is left unhandled while a later argument awaits/),
        expect.stringMatching(
          /^7: the promise in 'first' is left unhandled while the code awaits something else \(.*:8\)/,
        ),
        expect.stringMatching(/^12: a promise nobody awaits/),
      ])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
