/**
 * The community's sentences and limits as the contract writes them (accounts §5, §8, §9), in one import for the
 * feature, so the contract's zod schemas never reach the browser bundle through this feature (ADR 003).
 */
export { COMMUNITY, COMMUNITY_MSG } from '@statewise/contract/community-text';
