import type { SeedCharity } from './nft-auctions.ts';

/**
 * The demo catalogue (seeded once, on an empty database): made-up children's charities and NFTs whose
 * artwork the platform generates from their names. Auctions end hours to days after the first start;
 * operators list new ones in the back-office.
 */
export const SEED_CHARITIES: readonly SeedCharity[] = [
  {
    name: 'Little Lanterns Reading Fund',
    description: 'Buys books for school libraries and runs reading clubs for children in rural villages.',
    url: 'https://example.org/little-lanterns',
    nfts: [
      {
        name: 'Lantern Orbit',
        description: 'Rings of light around a small bright world — one for every child who learns to read this year.',
        creator: 'Studio Meridian',
        chain: 'ethereum',
        reserve: '50',
        buyNow: '400',
        increment: '5',
        hours: 26,
      },
      {
        name: 'Quiet Pages',
        description: 'Soft waves like the pages of an open book.',
        creator: 'Amira Haddad',
        chain: 'polygon',
        reserve: '25',
        buyNow: null,
        increment: '2.5',
        hours: 74,
      },
    ],
  },
  {
    name: 'Harbour Hearts Children’s Hospital',
    description: 'Funds paediatric care, family rooms and play therapy at a children’s hospital by the sea.',
    url: 'https://example.org/harbour-hearts',
    nfts: [
      {
        name: 'Tide Bloom',
        description: 'Petals opening around a warm centre, for the families who wait.',
        creator: 'Kenji Mori',
        chain: 'ethereum',
        reserve: '120',
        buyNow: '900',
        increment: '10',
        hours: 50,
      },
      {
        name: 'Harbour Mosaic',
        description: 'A mosaic of the harbour’s colours, tile by tile.',
        creator: 'Lucía Ortega',
        chain: 'tron',
        reserve: '80',
        buyNow: null,
        increment: '5',
        hours: 122,
      },
    ],
  },
  {
    name: 'Open Fields Youth Sports',
    description: 'Free football, swimming and athletics coaching for children, with kit and transport.',
    url: 'https://example.org/open-fields',
    nfts: [
      {
        name: 'Green Field Waves',
        description: 'The rhythm of a Saturday match in layers of green and gold.',
        creator: 'Tom Becker',
        chain: 'polygon',
        reserve: '30',
        buyNow: '250',
        increment: '2',
        hours: 98,
      },
      {
        name: 'Starting Line',
        description: 'Concentric lanes and a runner’s spark.',
        creator: 'Noor Al-Sayed',
        chain: 'tron',
        reserve: '40',
        buyNow: null,
        increment: '4',
        hours: 170,
      },
    ],
  },
];
