/** An admin screen's heading with an optional way back to its list or menu. */
import { Link } from 'react-router';

export function AdminPageHeader({ title, back }: { title: string; back?: { to: string; label: string } }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <h1 className="page-heading">{title}</h1>
      {back && (
        <Link to={back.to} className="text-sm font-semibold text-green-800 underline-offset-4 hover:underline">
          ← {back.label}
        </Link>
      )}
    </div>
  );
}
