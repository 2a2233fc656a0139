import type { Module } from '../context.ts';
import { addressesModule } from './addresses/routes.ts';
import { adminModule } from './admin/routes.ts';
import { adminCatalogueModule } from './admin-catalogue/routes.ts';
import { adminOrdersModule } from './admin-orders/routes.ts';
import { authModule } from './auth/routes.ts';
import { cartModule } from './cart/routes.ts';
import { catalogueModule } from './catalogue/routes.ts';
import { chatModule } from './chat/routes.ts';
import { chatbotModule } from './chatbot/routes.ts';
import { communityModule } from './community/routes.ts';
import { contentModule } from './content/routes.ts';
import { earningsModule } from './earnings/routes.ts';
import { guestModule } from './guest/routes.ts';
import { healthModule } from './health/routes.ts';
import { invoicesModule } from './invoices/routes.ts';
import { moderationModule } from './moderation/routes.ts';
import { notificationsModule } from './notifications/routes.ts';
import { ordersModule } from './orders/routes.ts';
import { paymentsModule } from './payments/routes.ts';
import { productsModule } from './products/routes.ts';
import { profileModule } from './profile/routes.ts';
import { reviewsModule } from './reviews/routes.ts';
import { sellersModule } from './sellers/routes.ts';
import { shippingModule } from './shipping/routes.ts';
import { videosModule } from './media/video-routes.ts';
import { shopVideosModule } from './videos/routes.ts';
import { vendorOrdersModule } from './vendor-orders/routes.ts';
import { vendorProductsModule } from './vendor-products/routes.ts';
import { vendorStoreModule } from './vendor-store/routes.ts';
import { vendorSuspensionModule } from './vendor-suspension/routes.ts';
import { vendorsModule } from './vendors/routes.ts';
import { walletModule } from './wallet/routes.ts';
import { wishlistModule } from './wishlist/routes.ts';

/** Every API module, registered under /api in this order. */
// authModule first: it declares request.user, which every guarded route of every module sets.
export const modules: Module[] = [
  authModule,
  profileModule,
  healthModule,
  shippingModule,
  catalogueModule,
  productsModule,
  vendorsModule,
  sellersModule,
  reviewsModule,
  cartModule,
  wishlistModule,
  addressesModule,
  invoicesModule,
  guestModule,
  ordersModule,
  paymentsModule,
  videosModule,
  shopVideosModule,
  walletModule,
  contentModule,
  chatbotModule,
  chatModule,
  vendorOrdersModule,
  vendorProductsModule,
  notificationsModule,
  vendorStoreModule,
  earningsModule,
  adminModule,
  adminCatalogueModule,
  adminOrdersModule,
  vendorSuspensionModule,
  moderationModule,
  communityModule,
];
