with recursive "branch"("id") as (select "id"
from "taxonomy_items"
where "id" = ?
and "field_id" = ? union select "c"."id"
from "taxonomy_items" as "c"
inner join "branch" on "branch"."id" = "c"."parent_id") select "i"."field_id", "i"."value", "i"."custom_search"
from "taxonomy_items" as "i"
inner join "branch" on "branch"."id" = "i"."id"
order by "i"."id"
-- parameters: [1,25]
