/** Real names of the Zagreb area, so the demo reads like the product in use. */

/**
 * The default centre (docs/product-rules.md §Map): every demo place lies within `DEMO_RADIUS_KM`
 * of it.
 */
export const DEMO_CENTRE = { lat: 45.8, lng: 16.0 };
export const DEMO_RADIUS_KM = 40;

/** Trg bana Jelačića: the densest part of the demo. */
export const CITY_CENTRE = { lat: 45.813, lng: 15.977 };

/** Streets of central Zagreb (Donji and Gornji grad). */
export const CENTRAL_STREETS = [
  'Ilica',
  'Trg bana Jelačića',
  'Jurišićeva ulica',
  'Praška ulica',
  'Gajeva ulica',
  'Bogovićeva ulica',
  'Tkalčićeva ulica',
  'Radićeva ulica',
  'Opatovina',
  'Vlaška ulica',
  'Petrinjska ulica',
  'Frankopanska ulica',
  'Masarykova ulica',
  'Preradovićeva ulica',
  'Gundulićeva ulica',
  'Draškovićeva ulica',
  'Palmotićeva ulica',
  'Teslina ulica',
  'Varšavska ulica',
  'Trg kralja Tomislava',
  'Trg Nikole Šubića Zrinskog',
  'Cvjetni trg',
  'Britanski trg',
  'Mesnička ulica',
  'Kaptol',
  'Ulica Ivana Tkalčića',
  'Hebrangova ulica',
  'Berislavićeva ulica',
  'Martićeva ulica',
  'Kneza Mislava',
] as const;

/** Main roads and streets of the wider city. */
export const CITY_STREETS = [
  'Savska cesta',
  'Vukovarska avenija',
  'Ulica grada Vukovara',
  'Zagrebačka avenija',
  'Slavonska avenija',
  'Avenija Dubrovnik',
  'Maksimirska cesta',
  'Heinzelova ulica',
  'Tratinska ulica',
  'Selska cesta',
  'Ozaljska ulica',
  'Horvaćanska cesta',
  'Ljubljanica',
  'Kralja Zvonimira',
  'Radnička cesta',
  'Branimirova ulica',
  'Kvaternikov trg',
  'Črnomerec',
  'Aleja Bologne',
  'Av. Većeslava Holjevca',
  'Sarajevska cesta',
  'Jadranska avenija',
  'Ulica Florijana Andrašeca',
  'Dubrava',
  'Avenija Gojka Šuška',
  'Sesvetska cesta',
  'Mlinarska cesta',
  'Ksaverska cesta',
  'Šestinski dol',
  'Ulica Ivana Gorana Kovačića',
  'Zagorska ulica',
  'Trešnjevački trg',
  'Nova cesta',
  'Škorpikova ulica',
  'Vrapčanska ulica',
  'Ulica Dragutina Mandla',
  'Ulica Hrvatske bratske zajednice',
  'Remetinečka cesta',
  'Zapoljska ulica',
  'Ulica Lavoslava Ružičke',
] as const;

/** Streets found in most towns around Zagreb. */
export const TOWN_STREETS = [
  'Trg kralja Tomislava',
  'Ulica Stjepana Radića',
  'Ulica Ante Starčevića',
  'Ulica Matije Gupca',
  'Ulica Ljudevita Gaja',
  'Zagrebačka ulica',
  'Školska ulica',
  'Ulica bana Josipa Jelačića',
  'Kolodvorska ulica',
  'Ulica Augusta Šenoe',
  'Vinogradska ulica',
  'Ulica Petra Preradovića',
] as const;

/** A named part of the area: an address names it, and places cluster around it. */
export interface Area {
  name: string;
  lat: number;
  lng: number;
  postcode: string;
  /** Phone area code. */
  dial: string;
  /** True for the parts of the City of Zagreb (addresses say "Zagreb"). */
  city: boolean;
}

/** Neighbourhoods of Zagreb. */
export const NEIGHBOURHOODS: readonly Area[] = [
  { name: 'Donji grad', lat: 45.809, lng: 15.975, postcode: '10000', dial: '01', city: true },
  { name: 'Gornji grad', lat: 45.816, lng: 15.973, postcode: '10000', dial: '01', city: true },
  { name: 'Trnje', lat: 45.797, lng: 15.985, postcode: '10000', dial: '01', city: true },
  { name: 'Maksimir', lat: 45.825, lng: 16.018, postcode: '10000', dial: '01', city: true },
  { name: 'Peščenica', lat: 45.801, lng: 16.027, postcode: '10000', dial: '01', city: true },
  { name: 'Trešnjevka', lat: 45.801, lng: 15.952, postcode: '10000', dial: '01', city: true },
  { name: 'Črnomerec', lat: 45.816, lng: 15.938, postcode: '10000', dial: '01', city: true },
  { name: 'Stenjevec', lat: 45.81, lng: 15.875, postcode: '10090', dial: '01', city: true },
  { name: 'Podsused', lat: 45.814, lng: 15.83, postcode: '10090', dial: '01', city: true },
  { name: 'Dubrava', lat: 45.83, lng: 16.06, postcode: '10040', dial: '01', city: true },
  { name: 'Sesvete', lat: 45.827, lng: 16.113, postcode: '10360', dial: '01', city: true },
  { name: 'Novi Zagreb', lat: 45.777, lng: 15.985, postcode: '10020', dial: '01', city: true },
  { name: 'Špansko', lat: 45.798, lng: 15.895, postcode: '10090', dial: '01', city: true },
  { name: 'Jarun', lat: 45.783, lng: 15.92, postcode: '10000', dial: '01', city: true },
  { name: 'Knežija', lat: 45.789, lng: 15.938, postcode: '10000', dial: '01', city: true },
  { name: 'Sloboština', lat: 45.771, lng: 15.995, postcode: '10020', dial: '01', city: true },
  { name: 'Travno', lat: 45.774, lng: 16.003, postcode: '10020', dial: '01', city: true },
  { name: 'Kustošija', lat: 45.826, lng: 15.925, postcode: '10000', dial: '01', city: true },
  { name: 'Šestine', lat: 45.849, lng: 15.958, postcode: '10000', dial: '01', city: true },
  { name: 'Remetinec', lat: 45.77, lng: 15.95, postcode: '10020', dial: '01', city: true },
];

/** Towns around Zagreb, all within 40 km of the demo centre. */
export const TOWNS: readonly Area[] = [
  { name: 'Velika Gorica', lat: 45.712, lng: 16.075, postcode: '10410', dial: '01', city: false },
  { name: 'Samobor', lat: 45.803, lng: 15.711, postcode: '10430', dial: '01', city: false },
  { name: 'Zaprešić', lat: 45.857, lng: 15.806, postcode: '10290', dial: '01', city: false },
  { name: 'Sveta Nedelja', lat: 45.798, lng: 15.778, postcode: '10431', dial: '01', city: false },
  { name: 'Dugo Selo', lat: 45.806, lng: 16.239, postcode: '10370', dial: '01', city: false },
  { name: 'Jastrebarsko', lat: 45.669, lng: 15.649, postcode: '10450', dial: '01', city: false },
  { name: 'Ivanić-Grad', lat: 45.708, lng: 16.395, postcode: '10310', dial: '01', city: false },
  { name: 'Zabok', lat: 46.029, lng: 15.911, postcode: '49210', dial: '049', city: false },
  { name: 'Vrbovec', lat: 45.882, lng: 16.424, postcode: '10340', dial: '01', city: false },
  { name: 'Donja Stubica', lat: 45.98, lng: 15.97, postcode: '49240', dial: '049', city: false },
];

/** Landmarks that defibrillators and water fountains are named after. */
export const LANDMARKS = [
  { hr: 'Glavni kolodvor', en: 'Main railway station' },
  { hr: 'Autobusni kolodvor', en: 'Bus station' },
  { hr: 'Dom zdravlja', en: 'Health centre' },
  { hr: 'Sportska dvorana', en: 'Sports hall' },
  { hr: 'Osnovna škola', en: 'Primary school' },
  { hr: 'Gradska tržnica', en: 'City market' },
  { hr: 'Trgovački centar', en: 'Shopping centre' },
  { hr: 'Park', en: 'Park' },
  { hr: 'Bazen', en: 'Swimming pool' },
  { hr: 'Mjesni odbor', en: 'Local community office' },
  { hr: 'Vatrogasni dom', en: 'Fire station' },
  { hr: 'Crkva', en: 'Church' },
  { hr: 'Tramvajsko stajalište', en: 'Tram stop' },
  { hr: 'Knjižnica', en: 'Library' },
  { hr: 'Dječje igralište', en: 'Playground' },
] as const;
