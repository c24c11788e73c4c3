export function SiteFooter() {
  return <footer>TODO footer</footer>;
}
