import { Link } from "react-router";

export function InfoPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <div className="mt-4 space-y-3 text-lg text-slate-700">{children}</div>
      <p className="mt-8">
        <Link to="/cars-for-sale" className="inline-block rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
          Search cars for sale
        </Link>
      </p>
    </main>
  );
}
