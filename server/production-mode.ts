/**
 * Imported first by `server/main.ts`, before any library loads: React (which renders the
 * e-mails) chooses its development or production build by `NODE_ENV` when it is first
 * loaded, and `npm start` sets none. The development build rendered an e-mail about twice
 * as slowly (`npm run bench`), with checks meant for a developer's console. A `NODE_ENV`
 * set on purpose (`development`, say) is kept.
 */
process.env.NODE_ENV ??= "production";
