INSERT INTO purchases (user_id, item_id) VALUES (:user_id, :item_id) RETURNING id
