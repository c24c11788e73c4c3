export default function Page() {
  return <main>TODO gift</main>;
}
