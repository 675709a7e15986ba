// Starts the real companion server the way a site owner does (the CLI), on a free port,
// and waits for its `listening on http://HOST:PORT` line.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface ServerProcess { url: string; child: ChildProcess; stop(): Promise<void> }

export function startServerProcess(root: string, configPath: string, dataDir: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, [
    '--import', 'tsx', join(root, 'server', 'main.ts'),
    '--config', configPath, '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir,
  ], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });

  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`server did not start within 30 s:\n${output}`)), 30_000);
    function fail(error: Error) { clearTimeout(timer); child.kill('SIGKILL'); reject(error); }
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve({
          url: match[1].replace(/\/$/, ''),
          child,
          stop: () => new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.once('exit', (code) => fail(new Error(`server exited with ${code} before listening:\n${output}`)));
  });
}
