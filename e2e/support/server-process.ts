// Starts the real companion server the way a site owner does (the compiled CLI under plain
// `node`, dist/server), on a free port, and waits for its `listening` log line. Everything it prints goes on into
// a log file: a pipe nobody reads fills up and would block the server's writes.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { SERVER_MAIN } from '../../scripts/ensure-built.mjs';

export interface ServerProcess { url: string; child: ChildProcess; stop(): Promise<void> }

export function startServerProcess(root: string, configPath: string, dataDir: string, logFile: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, [
    join(root, SERVER_MAIN),
    '--config', configPath, '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir,
  ], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(logFile);
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  child.once('exit', () => log.end());

  const stop = () => new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });

  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`server did not start within 30 s:\n${output}`)), 30_000);
    function fail(error: Error) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    }
    const onExit = (code: number | null) => fail(new Error(`server exited with ${code} before listening:\n${output}`));
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s"]+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      resolve({ url: match[1].replace(/\/$/, ''), child, stop });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}
