export default function Page() {
  return <main>TODO harmonisation</main>;
}
