-- Issue 14 (security hardening), part sec2.

-- Fixed-window counters of rate limits that must hold across server processes (e.g. tenant database connection
-- tests per user). One row per bucket; the window restarts in place.
create table rate_counters (
  bucket text primary key,
  window_start timestamptz not null,
  hits int not null
);
