import { lazy } from 'react';
import { Route } from 'react-router';

const ProductPage = lazy(() => import('./ProductPage.tsx'));

/** Product detail (shopping §2). /product/topsellingproducts and /product/trendingproducts are listings (ranked first). */
export const productRoutes = <Route path="product/:slug" element={<ProductPage />} />;
