/**
 * Refuses the passwords people use most, by the list of about 30,000 of
 * them that @zxcvbn-ts/language-common keeps (from leaked password sets),
 * matched as zxcvbn matches them: any letter case, reversed, with common
 * letter-for-digit swaps. A password the list covers whole, or one zxcvbn
 * guesses in under a thousand tries (`123456`, `qwerty`, `aaaaaa`), is
 * refused; the length rule (6 at least) stays the specification's.
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import { AuthError } from "./auth-errors";

export const commonPasswordMessage =
  "Toto heslo patří mezi nejčastěji používaná hesla, proto by se dalo snadno uhodnout. Zvolte si prosím jiné.";

let checker: ZxcvbnFactory | undefined;

/** Built on first use: the dictionaries take a tenth of a second to load. */
function getChecker(): ZxcvbnFactory {
  checker ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary },
    graphs: common.adjacencyGraphs,
  });
  return checker;
}

export function isCommonPassword(password: string): boolean {
  const result = getChecker().check(password);
  if (result.score === 0) return true;
  const [only, ...rest] = result.sequence;
  return (
    rest.length === 0 &&
    only?.pattern === "dictionary" &&
    only.dictionaryName === "passwords-common"
  );
}

/** Throws GoTrue's 422 `weak_password` (reason `pwned`, as for a leaked password) with a Czech reason. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) {
    throw new AuthError(
      "weak_password",
      { weak_password: { reasons: ["pwned"] } },
      commonPasswordMessage,
    );
  }
}
