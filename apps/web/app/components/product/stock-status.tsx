/** Few enough left to tell the shopper (and make them decide). */
const LOW_STOCK = 5;

export function stockText(stock: number): string {
  if (stock <= 0) return "Out of stock";
  return stock <= LOW_STOCK ? `Only ${stock} left` : "In stock";
}

export function StockStatus({ stock }: { stock: number }) {
  const tone = stock <= 0 ? "bg-charcoal/60" : stock <= LOW_STOCK ? "bg-madder" : "bg-[#3f6b3a]";
  return (
    <p className="flex items-center gap-2 text-sm font-medium">
      <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${tone}`} />
      {stockText(stock)}
    </p>
  );
}
