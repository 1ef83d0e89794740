-- Total sales of one shop on one day. No sidecar: the parameters are inferred from the
-- placeholders (:shop_id, :day), casts like ::date and text in quotes or comments are ignored.
SELECT s.shop_id, SUM(s.amount) AS total
FROM sales s
WHERE s.shop_id = :shop_id
  AND s.sold_at >= :day::date
  AND s.sold_at < :day::date + interval '1 day'
  AND s.note <> 'refund: :not_a_param'
GROUP BY s.shop_id
