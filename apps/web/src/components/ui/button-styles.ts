/** Shared button looks, as class strings so links and buttons can wear them alike. */
const base =
  'inline-flex items-center justify-center gap-1.5 rounded-lg font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50';

export const buttonStyles = {
  primary: `${base} bg-blue-700 px-4 py-2 text-sm text-white hover:bg-blue-800`,
  secondary: `${base} border border-gray-300 bg-white px-4 py-2 text-sm text-gray-800 hover:bg-gray-50`,
  /** Compact action inside cards and the info window. */
  action: `${base} border border-gray-300 bg-white px-2 py-1.5 text-xs text-gray-800 hover:border-gray-400 hover:bg-gray-50`,
  actionPrimary: `${base} bg-blue-700 px-2 py-1.5 text-xs text-white hover:bg-blue-800`,
  link: 'inline-flex items-center gap-1.5 font-medium text-blue-700 underline-offset-2 hover:underline',
  /** A button drawn over the map's corner (Share, Follow, Save offline): white on any tile. */
  mapOverlay: `${base} bg-white px-3 py-2 text-sm text-gray-900 shadow-md ring-1 ring-gray-900/15 hover:bg-gray-50`,
} as const;
