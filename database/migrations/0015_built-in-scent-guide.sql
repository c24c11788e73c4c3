-- The built-in scent guide (/darek/pruvodce-vuni) as a real row of the scent gift, last in its order, unless it has its row already (made by an older version when the owner first opened her list). Until now the code stood in for it with a row of its own making.
INSERT INTO "materials" ("place", "kind", "title", "description", "link_url", "position")
SELECT 'gift_fragrance', 'guide', 'Průvodce osobní vůní', 'Návod krok za krokem se třemi recepty: na webu, k vytištění i jako PDF.', '/darek/pruvodce-vuni',
	coalesce((SELECT max("position") + 1 FROM "materials" WHERE "place" = 'gift_fragrance'), 0)
WHERE NOT EXISTS (SELECT 1 FROM "materials" WHERE "kind" = 'guide');
