import type { ListingCondition } from "~/listings/listing-fields";

/**
 * A demo seller on one of eBay's other sites: their language and money, and the products they
 * sell, titled as a seller there writes them (the titles are the seller's own text, not the hub's,
 * so they stay in the seller's language whatever language the hub speaks).
 */
export interface SiteDemoSeller {
  username: string;
  displayName: string;
  feedbackScore: number;
  site: string;
  locale: string;
  currency: string;
  /** [epid, title, typical price in minor units] */
  catalogue: ReadonlyArray<readonly [string, string, number]>;
  /** How the seller names each condition at the end of a title. */
  conditionWords: Readonly<Record<ListingCondition, string>>;
}

/** Listings each site seller has in the demo: several pages, a filter that finds some of them. */
export const SITE_DEMO_LISTINGS = 40;

export const SITE_DEMO_SELLERS: readonly SiteDemoSeller[] = [
  {
    username: "demo-uk",
    displayName: "Harriet Wells",
    feedbackScore: 2_140,
    site: "EBAY_GB",
    locale: "en-GB",
    currency: "GBP",
    catalogue: [
      ["2254446578", "Apple iPhone 14 128GB Midnight, Unlocked", 46_900],
      ["3300198870", "Dyson V11 Absolute Cordless Hoover", 34_900],
      ["4410028871", "Sage Barista Express Espresso Machine, Brushed Stainless Steel", 49_900],
      ["1122334455", "Le Creuset Signature Cast Iron Casserole 24cm, Volcanic", 21_900],
      ["4410028872", "Barbour Beaufort Waxed Jacket, Olive, Size 40", 17_900],
      ["4410028873", "Roberts Revival DAB+ Radio, Duck Egg Colour", 12_900],
      ["1200876543", "Kindle Paperwhite 16GB, Colour: Black", 11_900],
      ["5566001234", "Garmin Forerunner 255 GPS Running Watch", 22_900],
      ["4410028874", "Brompton C Line Folding Bike, Racing Green", 129_500],
      ["4410028875", "Penguin Classics Box Set – 12 Paperbacks, Favourite Authors", 4_500],
    ],
    conditionWords: {
      new: "New",
      open_box: "Open box",
      refurbished: "Refurbished",
      used: "Used",
      for_parts: "For parts or not working",
    },
  },
  {
    username: "demo-de",
    displayName: "Jonas Becker",
    feedbackScore: 8_730,
    site: "EBAY_DE",
    locale: "de-DE",
    currency: "EUR",
    catalogue: [
      ["2254446578", "Apple iPhone 14 128 GB Mitternacht – ohne Simlock", 54_900],
      ["3300198870", "Dyson V11 Akku-Staubsauger, kabellos", 39_900],
      ["4420038871", "Kaffeevollautomat De’Longhi Magnifica S, Edelstahl", 29_900],
      ["4420038872", "Birkenstock Arizona Größe 42, Weichbettung", 8_900],
      ["4420038873", "Märklin H0 Dampflok BR 01, digital", 34_900],
      ["4420038874", "Fjällräven Kånken Rucksack, Grün", 7_900],
      ["8800100203", "Kaffeemühle Zassenhaus, Buchenholz, Großformat", 6_900],
      ["4420038875", "Straßenkarte Deutschland 1:250.000, Falk", 1_490],
      ["4420038876", "Bosch Akku-Bohrschrauber 18 V, zwei Akkus", 12_900],
      ["1200876543", "Kindle Paperwhite 16 GB, schwarz", 14_900],
    ],
    conditionWords: {
      new: "Neu",
      open_box: "Neu: Sonstige",
      refurbished: "Generalüberholt",
      used: "Gebraucht",
      for_parts: "Als Ersatzteil/defekt",
    },
  },
  {
    username: "demo-fr",
    displayName: "Camille Laurent",
    feedbackScore: 640,
    site: "EBAY_FR",
    locale: "fr-FR",
    currency: "EUR",
    catalogue: [
      ["2254446578", "Apple iPhone 14 128 Go Minuit – débloqué", 54_900],
      ["8800100201", "Écran Dell UltraSharp 27 pouces 4K", 41_900],
      ["1122334455", "Cocotte en fonte Le Creuset 24 cm, Volcanique", 23_900],
      ["4430048871", "Cafetière à piston Bodum Chambord 1 L", 3_990],
      ["4430048872", "Coffret crème brûlée : chalumeau et 4 ramequins", 2_990],
      ["4430048873", "Vélo pliant Brompton C Line, vert", 149_000],
      ["5566001234", "Montre Garmin Forerunner 255 GPS", 24_900],
      ["4420038874", "Sac à dos Fjällräven Kånken, vert forêt", 8_500],
      ["6047843211", "Console Nintendo Switch OLED, édition Pokémon", 34_900],
      ["1200876543", "Liseuse Kindle Paperwhite 16 Go", 14_990],
    ],
    conditionWords: {
      new: "Neuf",
      open_box: "Ouvert, jamais utilisé",
      refurbished: "Reconditionné",
      used: "Occasion",
      for_parts: "Pour pièces ou ne fonctionne pas",
    },
  },
  {
    username: "demo-it",
    displayName: "Giulia Romano",
    feedbackScore: 31_200,
    site: "EBAY_IT",
    locale: "it-IT",
    currency: "EUR",
    catalogue: [
      ["2254446578", "Apple iPhone 14 128 GB Mezzanotte", 54_900],
      ["4440058871", "Moka Bialetti Express 6 tazze, alluminio", 3_290],
      ["4440058872", "Pentola a pressione Lagostina, acciaio inox 6 L", 8_990],
      ["4440058873", "Borsa in pelle fatta a mano, Firenze, color cuoio", 12_900],
      ["4440058874", "LEGO Technic Ferrari Daytona SP3 42143", 39_900],
      ["4440058875", "Friggitrice ad aria Philips 4,1 L, più ricettario", 8_990],
      ["5566001234", "Orologio Garmin Forerunner 255 GPS", 24_900],
      ["4440058876", "Casco jet per Vespa, taglia M, bianco perla", 11_900],
      ["1200876543", "Kindle Paperwhite 16 GB, nero", 14_990],
      ["4440058877", "Tazzine da caffè in porcellana, set da 6, perché no", 2_490],
    ],
    conditionWords: {
      new: "Nuovo",
      open_box: "Aperto, mai usato",
      refurbished: "Ricondizionato",
      used: "Usato",
      for_parts: "Per ricambi o non funzionante",
    },
  },
  {
    username: "demo-es",
    displayName: "Lucía Martín",
    feedbackScore: 97,
    site: "EBAY_ES",
    locale: "es-ES",
    currency: "EUR",
    catalogue: [
      ["2254446578", "Apple iPhone 14 128 GB Medianoche, libre", 54_900],
      ["4450068871", "Cafetera espresso Cecotec Power Espresso 20", 8_990],
      ["4450068872", "Guitarra española Alhambra 4P, cedro macizo", 49_900],
      ["4450068873", "Paellera de acero pulido 46 cm, 12 raciones", 2_990],
      ["4450068874", "Zapatillas de montaña Salomon, talla 43", 10_900],
      ["5566001234", "Reloj Garmin Forerunner 255 con GPS", 24_900],
      ["4450068875", "Jamonero de madera con cuchillo de acero inoxidable", 3_990],
      ["4450068876", "LEGO Ideas Casa del Árbol 21318", 19_900],
      ["4450068877", "Batidora de vaso Moulinex, 1,5 L, año 2023", 5_990],
      ["1200876543", "Kindle Paperwhite 16 GB, negro", 14_990],
    ],
    conditionWords: {
      new: "Nuevo",
      open_box: "Abierto, sin usar",
      refurbished: "Reacondicionado",
      used: "De segunda mano",
      for_parts: "Para piezas o no funciona",
    },
  },
];
