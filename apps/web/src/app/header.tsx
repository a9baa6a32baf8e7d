import { Link } from 'react-router';

export function Header() {
  return (
    <header>
      <Link to="/">Mandi</Link>
    </header>
  );
}
