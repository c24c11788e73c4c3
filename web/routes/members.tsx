export default function Page() {
  return <main>TODO members</main>;
}
