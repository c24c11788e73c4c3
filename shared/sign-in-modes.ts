/**
 * The sign-in page opened at one of its forms: the members' page links straight to the
 * registration and the forgotten password. Apart from the return path (return-path.ts), which
 * only the administration's code needs: the members' area loads this on a public page.
 */
import { paths } from "./routes";

/** `/prihlaseni?rezim=…`: the members' page links straight to the registration and the forgotten password. */
export const signInModeParam = "rezim";
export const signInModes = { register: "registrace", recover: "heslo" } as const;

/** The sign-in page opened at its registration or its forgotten password. */
export function signInPathFor(mode: keyof typeof signInModes): string {
  return `${paths.signIn}?${signInModeParam}=${signInModes[mode]}`;
}
