/**
 * Runs the server's command line as a child process, as an operator would, and collects what
 * it printed: the CLI (`node --import tsx server/main.ts …`) or any command (`npm start`).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { SERVER } from './paths.ts';

export interface CliResult { code: number | null; out: string; err: string }

/**
 * Runs `command args` until its stdout matches `until` (then runs `whileRunning`, if given,
 * and sends SIGTERM), or it exits, or `timeoutMs` passes (then SIGKILL). PORT and HOST from
 * the test's own environment are cleared unless `env` sets them.
 */
export function runProcess(command: string, args: string[], o: { until: RegExp; whileRunning?: (out: string) => Promise<void>; env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number }): Promise<CliResult> {
  return new Promise((done) => {
    // detached: a wrapper (npm start) and the server it spawns form one group, stopped together.
    const child = spawn(command, args, { cwd: o.cwd, env: { ...process.env, PORT: '', HOST: '', ...o.env }, detached: true });
    let out = '';
    let err = '';
    let signalled = false;
    const stop = (signal: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        child.kill(signal);
      }
      return true;
    };
    const timer = setTimeout(() => stop('SIGKILL'), o.timeoutMs ?? 60_000);
    child.stdout.on('data', (d) => {
      out += d;
      if (signalled || !o.until.test(out)) return;
      signalled = true;
      void (o.whileRunning?.(out) ?? Promise.resolve()).finally(() => stop('SIGTERM'));
    });
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      done({ code: code ?? (signal ? -1 : null), out, err: err + (signal ? `killed by ${signal}` : '') });
    });
  });
}

/** The server's CLI under tsx (no build needed). */
export function runCli(args: string[], until: RegExp, env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runProcess(process.execPath, ['--import', 'tsx', join(SERVER, 'main.ts'), ...args], { until, env });
}

/** Every line of a JSON log, parsed (throws on a line that is not JSON). */
export function jsonLines(out: string): Array<Record<string, unknown>> {
  return out.split('\n').filter((l) => l.trim()).map((l) => {
    try {
      return JSON.parse(l) as Record<string, unknown>;
    } catch {
      throw new Error(`not a JSON log line: ${l}`);
    }
  });
}
