/** A CLI command: takes its own argv, returns the process exit code. */
export type Command = (argv: string[]) => Promise<number>;
