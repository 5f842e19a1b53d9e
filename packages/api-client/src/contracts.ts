export type Contracts = typeof import('@karta/contracts');

let loaded: Contracts | undefined;
let loading: Promise<Contracts> | undefined;
let announce: (contracts: Contracts) => void = () => {};
const announced = new Promise<Contracts>((resolve) => {
  announce = resolve;
});

/**
 * The contracts with their zod schemas, imported on first need: in the browser a chunk of their
 * own, so the first requests do not wait for zod (decision 019). Requests themselves need only
 * `@karta/contracts/wire`.
 */
export function loadContracts(): Promise<Contracts> {
  loading ??= import('@karta/contracts').then((module) => {
    loaded = module;
    announce(module);
    return module;
  });
  return loading;
}

/** The contracts if they have loaded, else undefined. */
export function loadedContracts(): Contracts | undefined {
  return loaded;
}

/** Resolves once something has loaded the contracts; does not load them itself. */
export function whenContractsLoad(): Promise<Contracts> {
  return announced;
}
