export function HomePage() {
  return <h1 className="p-8 text-2xl">Statewise</h1>;
}
