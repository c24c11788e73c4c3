/** The exit codes of the operations commands (admin, import, backup, restore). */
export const exitCodes = {
  done: 0,
  /** The command was understood but could not be carried out (an unknown e-mail, say). */
  refused: 1,
  /** The database or a file could not be opened. */
  unavailable: 2,
  /** The command line was wrong. */
  usage: 64,
} as const;
