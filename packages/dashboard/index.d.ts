/** Absolute path of the built dashboard (index.html + assets/), produced by `npm run build -w @platen/dashboard`. */
export declare const dashboardDir: string;
