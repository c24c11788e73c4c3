export default function Page() {
  return <main>TODO home</main>;
}
