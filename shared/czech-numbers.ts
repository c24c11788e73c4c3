/**
 * „z“ or „ze“ before a number, as it is read in the genitive („ze 2 míst“ reads „ze dvou“).
 * „ze“ where the number's first word starts with s, z, š or ž („ze sedmi“, „ze šedesáti“,
 * „ze sta“), and before „dvou“, „tří“, „čtyř“ as Czech usage has it; „z“ otherwise („z pěti“,
 * „z dvanácti“, „z tisíce“). Pure and zod-free: public pages may import it.
 */
export function zOrZe(count: number): "z" | "ze" {
  const n = Math.floor(Math.abs(count));
  if (n >= 1_000_000) return n < 2_000_000 ? "z" : zOrZe(Math.floor(n / 1_000_000));
  if (n >= 1000) return n < 2000 ? "z" : zOrZe(Math.floor(n / 1000));
  // „sto“, „sta“: one hundred starts with s; other hundreds with their first digit's word.
  if (n >= 100) return n < 200 ? "ze" : zOrZe(Math.floor(n / 100));
  // „šedesáti“, „sedmdesáti“; the other tens read „dvaceti“, „třiceti“… with „z“.
  if (n >= 20) return [6, 7].includes(Math.floor(n / 10)) ? "ze" : "z";
  // „šestnácti“, „sedmnácti“.
  if (n >= 10) return n === 16 || n === 17 ? "ze" : "z";
  // „dvou“, „tří“, „čtyř“, „šesti“, „sedmi“.
  return [2, 3, 4, 6, 7].includes(n) ? "ze" : "z";
}
