/** Header, page and footer around every route. */
import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';

export function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
