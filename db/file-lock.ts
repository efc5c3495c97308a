import { dlopen, FFIType, read } from 'bun:ffi';

// node:fs has no flock; libc's is one call away through bun:ffi. Loaded on first use only.
const LOCK_EX = 2;
const LOCK_NB = 4;
const LOCK_UN = 8;
const EWOULDBLOCK = process.platform === 'darwin' ? 35 : 11;

let libc: ReturnType<typeof openLibc> | undefined;

// glibc (Debian, Ubuntu), musl (Alpine images), macOS.
const LIBC_NAMES =
  process.platform === 'darwin'
    ? ['libSystem.B.dylib']
    : ['libc.so.6', `libc.musl-${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}.so.1`];

function openLibc() {
  const errnoSymbol = process.platform === 'darwin' ? '__error' : '__errno_location';
  for (const name of LIBC_NAMES) {
    try {
      return dlopen(name, {
        flock: { args: [FFIType.i32, FFIType.i32], returns: FFIType.i32 },
        [errnoSymbol]: { args: [], returns: FFIType.ptr },
      }).symbols as unknown as { flock(fd: number, op: number): number } & Record<string, () => number | null>;
    } catch {}
  }
  throw new Error(`Could not load the C library (${LIBC_NAMES.join(', ')}) to lock DATA_DIR`);
}

function errno(): number {
  const symbols = (libc ??= openLibc());
  const at = (symbols.__errno_location ?? symbols.__error)();
  return at ? read.i32(at as never, 0) : 0;
}

/** An exclusive advisory lock on fd without waiting: false when another open file holds it. */
export function tryLockFile(fd: number): boolean {
  const symbols = (libc ??= openLibc());
  if (symbols.flock(fd, LOCK_EX | LOCK_NB) === 0) return true;
  const code = errno();
  if (code === EWOULDBLOCK) return false;
  throw new Error(`Could not lock the DATA_DIR lock file (errno ${code})`);
}

export function unlockFile(fd: number): void {
  (libc ??= openLibc()).flock(fd, LOCK_UN);
}
