import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * Recomputes one IST day's totals from its raw events (delete and insert in one transaction, so a report
 * never sees half a day). The funnel counts day-sessions that reached each step, and orders confirmed;
 * an order takes its session, device and country from its `order_placed` event when there is one.
 * A search led to a sale when an order of the same session bought a product the search showed before it.
 * A session's source is its first visit of the day (referrer host and UTM tags).
 */
export async function rollUpDay(db: Db, day: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from numbers_daily where day = ${day}::date`);
    await tx.execute(sql`
      with ev as (select * from numbers_events where day = ${day}::date),
      paid as (
        select distinct on (p.order_id) p.order_id, p.product_ids, p.at, o.session,
          coalesce(o.device, p.device) as device, coalesce(o.country, p.country) as country
        from ev p
        left join lateral (
          select session, device, country from numbers_events o
          where o.kind = 'order_placed' and o.order_id = p.order_id order by o.id desc limit 1
        ) o on true
        where p.kind = 'paid'
        order by p.order_id, p.id
      ),
      landing as (
        select distinct on (session) session, device, country,
          json_build_array(coalesce(referrer_host, ''), coalesce(utm_source, ''), coalesce(utm_medium, ''),
            coalesce(utm_campaign, ''))::text as source
        from ev where kind = 'visit' order by session, at, id
      ),
      paid_source as (
        select p.order_id, p.device, p.country,
          (select json_build_array(coalesce(v.referrer_host, ''), coalesce(v.utm_source, ''), coalesce(v.utm_medium, ''),
             coalesce(v.utm_campaign, ''))::text
           from numbers_events v where v.kind = 'visit' and v.session = p.session order by v.at, v.id limit 1) as source
        from paid p where p.session is not null
      ),
      counts(device, country, metric, key, value) as (
        select device, country, case kind when 'visit' then 'visits' when 'product_view' then 'product_views' else kind end,
          '', count(distinct session)::int
        from ev where kind in ('visit', 'product_view', 'add_to_cart', 'checkout_started') group by 1, 2, 3
        union all
        select device, country, 'paid', '', count(*)::int from paid group by 1, 2
        union all
        select device, country, 'search_none', query, count(*)::int from ev
        where kind = 'search' and result_count = 0 group by 1, 2, 4
        union all
        select p.device, p.country, 'search_sale', s.query, count(distinct p.order_id)::int
        from paid p join numbers_events s on s.kind = 'search' and s.session = p.session and s.at <= p.at
          and s.day >= ${day}::date - 1 and s.product_ids && p.product_ids
        group by 1, 2, 4
        union all
        select device, country, 'viewed', product_id::text, count(*)::int from ev
        where kind = 'product_view' group by 1, 2, 4
        union all
        select device, country, 'bought', pid::text, count(distinct order_id)::int
        from paid, unnest(product_ids) as pid group by 1, 2, 4
        union all
        select device, country, 'source_visits', source, count(*)::int from landing group by 1, 2, 4
        union all
        select device, country, 'source_paid', source, count(*)::int from paid_source
        where source is not null group by 1, 2, 4
      )
      insert into numbers_daily (day, device, country, metric, key, value)
      select ${day}::date, device, country, metric, key, value from counts
    `);
  });
}
