/** A product as the API returns it. */
export interface Product {
  _id: string;
  name: string;
  code: string;
  description: string;
  category: { _id: string; name: string };
  specifications: { name: string; value: string }[];
  quantity: string[];
  buffer_stock: { unit_of_measurement: string; quantity: number };
  image_extension: string | null;
  updatedAt: string;
}

/** Public URL of a product's image; the version query defeats the 1 h cache after a replacement. */
export const imageUrl = (p: Product) => `/images/${p._id}${p.image_extension}?v=${encodeURIComponent(p.updatedAt)}`;
