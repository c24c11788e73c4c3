export function SiteHeader() {
  return <header>TODO header</header>;
}
