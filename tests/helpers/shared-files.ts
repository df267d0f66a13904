import path from "node:path";

// The licensed files of the shared folder beside the project (../shared), which are never
// copied into it. CI points SUBURBS_CSV and DEMO_PHOTOS_DIR at the same files.
const shared = path.resolve(process.cwd(), "../shared");

export const nswSuburbsCsv = process.env.SUBURBS_CSV ?? path.join(shared, "data/nsw-suburbs.csv");

export const demoPhotosDir = process.env.DEMO_PHOTOS_DIR ?? path.join(shared, "assets/photos");
