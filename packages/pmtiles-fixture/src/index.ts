export { type ArchiveOptions, type TileInput, writeArchive } from './archive.ts';
export { OSM_ATTRIBUTION } from './metadata.ts';
export { tilesOfBox } from './tile-range.ts';
export { EXTENT, sliceLayers } from './vector-tiles.ts';
export { writeZagrebBasemap } from './write-file.ts';
export { type PmtilesOptions, writePmtiles } from './write-pmtiles.ts';
export { ZAGREB_BOUNDS, ZAGREB_LAYERS, zagrebBasemap } from './zagreb.ts';
