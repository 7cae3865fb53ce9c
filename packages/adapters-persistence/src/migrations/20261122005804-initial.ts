import { Migration } from '@mikro-orm/migrations';

export class Migration20261122005804_initial extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "organizations" ("id" uuid not null, "name" text not null, "created_at" timestamptz not null default now(), constraint "organizations_pkey" primary key ("id"));`);

    this.addSql(`create table "users" ("id" uuid not null, "idp_id" text not null, "email" text null, "image_url" text null, "idp_updated_at" bigint null, "deleted_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "users_pkey" primary key ("id"));`);
    this.addSql(`alter table "users" add constraint "users_idp_id_unique" unique ("idp_id");`);

    this.addSql(`create table "memberships" ("id" uuid not null, "organization_id" uuid not null, "user_id" uuid null, "role" text check ("role" in ('owner', 'admin', 'coach', 'member')) not null, "status" text check ("status" in ('active', 'invited', 'pending_invitation', 'suspended', 'cancelled')) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "memberships_pkey" primary key ("id"));`);
    this.addSql(`create index "memberships_user_id_index" on "memberships" ("user_id");`);
    this.addSql(`alter table "memberships" add constraint "memberships_organization_id_user_id_unique" unique ("organization_id", "user_id");`);
    this.addSql(`create unique index "memberships_one_owner_per_org" on "memberships" ("organization_id") where "role" = 'owner';`);

    this.addSql(`alter table "memberships" add constraint "memberships_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "memberships" add constraint "memberships_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "memberships" drop constraint "memberships_organization_id_foreign";`);

    this.addSql(`alter table "memberships" drop constraint "memberships_user_id_foreign";`);

    this.addSql(`drop table if exists "organizations" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);

    this.addSql(`drop table if exists "memberships" cascade;`);
  }

}
