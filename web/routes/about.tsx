export default function Page() {
  return <main>TODO about</main>;
}
