/**
 * The server's one logger (pino): JSON lines on stdout, one object a line,
 * readable by any log collector; in a terminal the same lines pretty-printed
 * (pino-pretty). What may be logged: ids, methods, routes, statuses,
 * durations, counts and `summarizeError` summaries. Never a body, a password,
 * a token, a hash or a query's parameters; the keys that could carry them are
 * redacted anyway, should one slip into a log call.
 *
 * Nothing is written until `startLogging` (the server's entry calls it), so
 * tests stay quiet; `captureLog` lets a test read what would have been written.
 */
import pino from "pino";
import pretty from "pino-pretty";

type Sink = { write(line: string): void };

let output: Sink | undefined;
const captures = new Set<string[]>();

const destination: Sink = {
  write(line) {
    output?.write(line);
    for (const lines of captures) lines.push(line);
  },
};

export const log = pino(
  {
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: {
      paths: [
        "password",
        "*.password",
        "current_password",
        "*.current_password",
        "token",
        "*.token",
        "access_token",
        "refresh_token",
        "authorization",
        "*.authorization",
        "headers",
        "body",
        "*.body",
        "params",
        "*.params",
      ],
      censor: "[redacted]",
    },
  },
  destination,
);

export type Logger = typeof log;

/**
 * Starts writing to stdout: pretty in a terminal, JSON lines otherwise (or when `json`), written
 * by `batchedWriter`.
 */
export function startLogging({ json = !process.stdout.isTTY }: { json?: boolean } = {}) {
  output = json
    ? batchedWriter(process.stdout)
    : pretty({
        colorize: true,
        singleLine: true,
        translateTime: "SYS:HH:MM:ss.l",
        ignore: "pid,hostname",
      });
}

/**
 * The lines written during one turn of the event loop go out together, in one write at the end
 * of the turn, in their order. Under load one write then carries many requests' lines: a write
 * per line (a system call, and a wake-up of whatever reads the log) was about 4 % of the server's
 * busy time under the bench's form load, and the log as a whole 6.6 % (3.0 % since). Whatever is still waiting is written when the process
 * exits, however it exits short of being killed (a `fatal` line before `process.exit`, an
 * uncaught exception).
 */
export function batchedWriter(to: Sink): Sink {
  let pending = "";
  const flush = () => {
    if (pending === "") return;
    const text = pending;
    pending = "";
    to.write(text);
  };
  process.on("exit", flush);
  return {
    write(line) {
      if (pending === "") setImmediate(flush);
      pending += line;
    },
  };
}

/** Starts keeping the log lines written from now on (a test reads them), until `stop`. */
export function startLogCapture() {
  const lines: string[] = [];
  captures.add(lines);
  return {
    /** The lines so far, parsed. */
    lines: () => lines.map((line) => JSON.parse(line) as LogLine),
    text: () => lines.join(""),
    stop: () => void captures.delete(lines),
  };
}

/** Runs `action` and returns the log lines it wrote, parsed. */
export async function captureLog(action: () => Promise<unknown>): Promise<LogLine[]> {
  const capture = startLogCapture();
  try {
    await action();
  } finally {
    capture.stop();
  }
  return capture.lines();
}

export type LogLine = { level: string; time: string; msg: string } & Record<string, unknown>;
