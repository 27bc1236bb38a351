const seen = new Map();
export async function resolve(spec, ctx, next) { return next(spec, ctx); }
export async function load(url, ctx, next) { const t = process.hrtime.bigint(); const r = await next(url, ctx); return r; }
