// Shared SQL: the readings of one patient (hot rows and cold days) that every history read embeds, in this module and
// others (FHIR, the app's subjects). A string builder, no queries: a repository may import a `*.sql.ts` of another
// module, never its repository (eslint.config.js).

/**
 * SQL of the readings of patient $2 of tenant $1 whose `metric` satisfies `metric` (a condition on the column
 * `metric`) and whose time lies between `from` and `to` (SQL expressions; `>=`/`<` unless told): the hot rows and the
 * cold store's days unnested back into rows, with the columns metric, measured_at, source, value, value2 (and
 * data when asked: always null for cold readings, which never carry any). Every history read goes through this.
 * With `limit` (an SQL expression) each part answers only its first readings in (measured_at, source) order — the
 * caller orders and limits the union the same way — so a short read stops early instead of sorting every reading:
 * the hot part along the primary key; the cold part unnests only the first days whose stored counts (`n`, of days
 * wholly inside the range) reach the limit, not every day of the range.
 */
export function readingsSql(o: {
  metric: string;
  from: string;
  to: string;
  fromOp?: '>=' | '>';
  toOp?: '<' | '<=';
  data?: boolean;
  limit?: string;
}): string {
  const fromOp = o.fromOp ?? '>=';
  const toOp = o.toOp ?? '<';
  // Readings of a cold day wholly inside the range, else 0 (a partial first or last day counts for nothing).
  const inside = `case when c.day > (${o.from})::timestamptz and c.day + interval '24 hours' < (${o.to})::timestamptz then c.n else 0 end`;
  return `((select metric, measured_at, source, value, value2${o.data ? ', data' : ''} from measurements
            where tenant_id = $1 and patient_id = $2 and ${o.metric} and measured_at ${fromOp} ${o.from} and measured_at ${toOp} ${o.to}
            ${o.limit ? `order by measured_at, source limit ${o.limit}` : ''})
          union all
          (select c.metric, x.measured_at, x.source, x.value, x.value2${o.data ? ', null::jsonb as data' : ''}
            from ${
              o.limit
                ? `(select d.d_metric, d.d_day from (
                   select c.metric as d_metric, c.day as d_day, sum(${inside}) over (order by c.day) - sum(${inside}) over (partition by c.day) as n_before
                     from measurements_cold c
                    where c.tenant_id = $1 and c.patient_id = $2 and ${o.metric}
                      and c.day > (${o.from})::timestamptz - interval '24 hours' and c.day ${toOp} (${o.to})::timestamptz
                 ) d where d.n_before < ${o.limit}) d
            join measurements_cold c on c.tenant_id = $1 and c.patient_id = $2 and c.metric = d.d_metric and c.day = d.d_day`
                : 'measurements_cold c'
            }
            cross join lateral (
              select c.day + o.off * interval '1 millisecond' as measured_at, coalesce(o.src, c.sources[1]) as source, o.v as value, o.v2 as value2
                from unnest(c.offs, c.vals, c.vals2, c.sources) as o(off, v, v2, src)
            ) x
           where c.tenant_id = $1 and c.patient_id = $2 and ${o.metric}
             and c.day > (${o.from})::timestamptz - interval '24 hours' and c.day ${toOp} (${o.to})::timestamptz
             and x.measured_at ${fromOp} ${o.from} and x.measured_at ${toOp} ${o.to}
            ${o.limit ? `order by x.measured_at, x.source limit ${o.limit}` : ''}))`;
}
