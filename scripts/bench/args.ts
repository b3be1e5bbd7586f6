/** The value of a `--name=value` flag on the bench scripts' command line, or undefined when it is not given. */
export function arg(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
}
