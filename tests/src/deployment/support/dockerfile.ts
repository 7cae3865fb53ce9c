import { readFileSync } from 'node:fs';

/** One instruction of a Dockerfile, continuation lines joined. */
export interface Instruction {
  readonly keyword: string;
  /** Everything after the keyword. */
  readonly args: string;
  readonly line: number;
}

/** A build stage: its `FROM` and the instructions up to the next one. */
export interface Stage {
  readonly name: string | undefined;
  readonly base: string;
  readonly instructions: readonly Instruction[];
}

/** A `COPY`: its flags (`--from=build` → `{ from: 'build' }`), sources and destination. */
export interface Copy {
  readonly from: string | undefined;
  readonly sources: readonly string[];
  readonly destination: string;
}

/** Parses a Dockerfile into stages (comments and the parser directive dropped, `\` continuations joined). */
export const parseDockerfile = (path: string): { readonly args: ReadonlyMap<string, string>; readonly stages: readonly Stage[] } => {
  const instructions: Instruction[] = [];
  let pending: { text: string; line: number } | undefined;
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((raw, index) => {
      const line = raw.trimEnd();
      if (pending === undefined && (line.trim() === '' || line.trimStart().startsWith('#'))) return;
      const text = line.endsWith('\\') ? line.slice(0, -1) : line;
      pending = pending === undefined ? { text: text.trim(), line: index + 1 } : { ...pending, text: `${pending.text} ${text.trim()}` };
      if (!line.endsWith('\\')) {
        const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(pending.text) ?? [];
        instructions.push({ keyword: keyword.toUpperCase(), args, line: pending.line });
        pending = undefined;
      }
    });
  const args = new Map<string, string>();
  const stages: Array<{ name: string | undefined; base: string; instructions: Instruction[] }> = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'ARG' && stages.length === 0) {
      const [name = '', value = ''] = instruction.args.split('=');
      args.set(name, value);
    } else if (instruction.keyword === 'FROM') {
      const [base = '', as, name] = instruction.args.split(/\s+/);
      stages.push({
        name: as?.toUpperCase() === 'AS' ? name : undefined,
        base: base.replace(/\$\{(\w+)\}/g, (_, arg: string) => args.get(arg) ?? ''),
        instructions: [],
      });
    } else {
      stages[stages.length - 1]?.instructions.push(instruction);
    }
  }
  return { args, stages };
};

/** The `COPY` instructions of a stage. */
export const copiesOf = (stage: Stage): Copy[] =>
  stage.instructions
    .filter((instruction) => instruction.keyword === 'COPY')
    .map((instruction) => {
      const words = instruction.args.split(/\s+/);
      const flags = words.filter((word) => word.startsWith('--'));
      const paths = words.filter((word) => !word.startsWith('--'));
      const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length);
      return { from, sources: paths.slice(0, -1), destination: paths[paths.length - 1]! };
    });

/** The `ENV` variables a stage sets (`ENV A=1 B="two words"` form). */
export const envOf = (stage: Stage): Record<string, string> =>
  Object.fromEntries(
    stage.instructions
      .filter((instruction) => instruction.keyword === 'ENV')
      .flatMap((instruction) =>
        [...instruction.args.matchAll(/(\w+)=(?:"([^"]*)"|(\S+))/g)].map((match) => [match[1]!, match[2] ?? match[3]!]),
      ),
  );

/** The exec-form command of `CMD ["…"]` or `HEALTHCHECK … CMD ["…"]`. */
export const execForm = (text: string): string[] => {
  const json = /CMD\s+(\[.*\])\s*$/.exec(text)?.[1] ?? (text.trim().startsWith('[') ? text.trim() : undefined);
  if (json === undefined) throw new Error(`not an exec-form command: ${text}`);
  return JSON.parse(json) as string[];
};

/**
 * Whether `.dockerignore` keeps `path` out of the build context. Supports what this repository's file
 * uses: plain paths, `**` for any depth and `*` within one segment (a match excludes the path and
 * everything under it).
 */
export const isIgnored = (patterns: readonly string[], path: string): boolean =>
  patterns.some((pattern) => {
    const source = pattern
      .split('/')
      .map((segment) => (segment === '**' ? '(?:.*/)?' : `${segment.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}/`))
      .join('')
      .replace(/\/$/, '');
    return new RegExp(`^${source}(?:/.*)?$`).test(path);
  });

/** The patterns of a `.dockerignore` (comments and blank lines dropped). */
export const dockerignorePatterns = (path: string): string[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
