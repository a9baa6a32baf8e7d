export function Footer() {
  return <footer>Mandi</footer>;
}
