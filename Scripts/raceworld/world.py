"""The world a race day is told from: runners with one name each, their trainers and riders, the weeks of racing
before the day at their region's venues, and the day's own races, all simulated from one seed. Every fact a card
or a feed tells (form figures, records, days since, comments, prices, results) is computed from this world, never
drawn on its own, so the day cannot contradict itself."""

import heapq
from datetime import date, timedelta

from .names import (FIRST, SECOND, KENNELS, KENNELS_ELSEWHERE, FRENCH_LETTER, FRENCH_HEADS, FRENCH_SUFFIXES,
                    JAPANESE, JAPANESE_TAILS, PEOPLE)
from .rng import Generator
from .venues import VENUES, GOING, LADDERS, COUNTRY, pool_of, region_of

DAY = 86_400
# How long before the day its history starts: long enough that every career on the day began inside it.
HISTORY_DAYS = {"horse": 600, "jumps": 600, "harness": 600, "greyhound": 400}
# A break of this many days or more between two starts is a spell (`X` in the figures).
SPELL_DAYS = 84
SOUTHERN = {"AUS", "NZ", "SAF"}


def code_of(discipline):
    """The feed's code of a discipline: jumps are gallops (thoroughbreds) to the feed."""
    return "horse" if discipline == "jumps" else discipline


class Venue:
    def __init__(self, name, state, discipline, surfaces, weekdays, field_limit, tier):
        self.name, self.state, self.discipline = name, state, discipline
        self.surfaces, self.weekdays, self.field_limit, self.tier = surfaces, weekdays, field_limit, tier
        self.code = code_of(discipline)
        self.country = COUNTRY[state]
        self.region = region_of(state)
        self.pool = pool_of(state, self.code)

    def going_words(self, surface):
        return GOING[(self.region, surface)]


class Runner:
    __slots__ = ("name", "discipline", "code", "country", "pool", "female", "gelded", "foaled", "debut", "retires",
                 "merit", "cap", "distance", "wet", "style", "gait", "trainer", "colour", "starts", "wins", "klass",
                 "ready", "prep_left")

    def __init__(self):
        self.starts = []  # Start, oldest first
        self.wins = 0
        self.klass = 0


class Start:
    """One runner's start in one race."""
    __slots__ = ("race", "runner", "finish", "barrier", "weight", "rider", "price", "behind", "number")

    def __init__(self, race, runner):
        self.race, self.runner = race, runner
        self.finish = self.barrier = self.weight = self.rider = self.price = self.behind = self.number = None


class Race:
    """A race of the world, before the day or on it."""
    __slots__ = ("day", "venue", "number", "distance", "surface", "going", "klass", "label", "short", "prize",
                 "gait", "standing", "starts", "order", "gaps", "chances")

    def __init__(self):
        self.starts = []
        self.order = []
        self.gaps = []


def merit_weight_table():
    """How much likelier a runner a point better wins: 6% a point, by repeated multiplication (no pow)."""
    table = [1.0]
    for _ in range(400):
        table.append(table[-1] * 1.06)
    return table


WEIGHT = merit_weight_table()
ADJUST = 100  # merits are shifted by this before the table is read, so an adjusted merit stays above zero


class World:
    def __init__(self, seed, day_start):
        """`day_start`: Unix seconds of the race day's midnight (UTC): the day every meeting is dated on."""
        self.seed = seed
        self.day_start = day_start
        self.day_number = day_start // DAY
        self.today = date(1970, 1, 1) + timedelta(days=self.day_number)
        self.venues = [Venue(*entry) for entry in VENUES]
        self.names = set()
        self.people_names = set()
        self.pools = {}
        for venue in self.venues:
            self.pools.setdefault((venue.pool, venue.discipline), []).append(venue)
        self.runners = {}
        self.people = {}
        self.ready = {}
        self.waiting = {}
        self.ran_today = {}  # by (pool, discipline): who has run on the race day (once each)
        for key in sorted(self.pools):
            self.people[key] = self.make_people(key)
            self.runners[key] = self.make_runners(key)
        for key in sorted(self.pools):
            self.simulate_history(key)

    # MARK: - People

    def person_name(self, rng, region):
        """A name as the region's racing names its people, none twice in the world."""
        first, last = PEOPLE.get(region, PEOPLE["AUS"])
        while True:
            name = f"{rng.choice(first)} {rng.choice(last).replace('_', ' ')}"
            if name not in self.people_names:
                self.people_names.add(name)
                return name

    def make_people(self, key):
        """Riders (jockeys or drivers) and trainers of a pool: each rides or drives in one code and one region."""
        pool, discipline = key
        rng = Generator(self.seed, "people", pool, discipline)
        venues = self.pools[key]
        busiest = max(sum(weekday in venue.weekdays for venue in venues) for weekday in range(7))
        region = venues[0].region
        riders = [self.person_name(rng, region) for _ in range(24 * busiest + 12 if discipline != "greyhound" else 0)]
        trainers = [self.person_name(rng, region) for _ in range(40)]
        # The busiest riders get most rides: a weight each, the first highest.
        return {"riders": riders, "trainers": trainers,
                "rider_weights": [max(1, 40 - index // 2) for index in range(len(riders))]}

    # MARK: - Runners

    def register(self, name):
        if len(name) > 18 or name in self.names:
            return False
        self.names.add(name)
        return True

    def runner_name(self, rng, discipline, country, foaled):
        for _ in range(200):
            if discipline == "greyhound":
                name = f"{rng.choice(KENNELS.get(country, KENNELS_ELSEWHERE))} {rng.choice(SECOND)}"
            elif country == "FR":
                letter = FRENCH_LETTER.get(foaled.year, "K")
                heads = FRENCH_HEADS[letter] + [word for word in FIRST + SECOND if word[0] == letter]
                name = f"{rng.choice(heads)} {rng.choice(FRENCH_SUFFIXES)}"
            elif country == "JPN" and rng.chance(0.5):
                name = f"{rng.choice(JAPANESE)} {rng.choice(JAPANESE_TAILS)}"
            elif rng.chance(0.25):
                name = f"{rng.choice(SECOND)} {rng.choice(SECOND)}"
            else:
                name = f"{rng.choice(FIRST)} {rng.choice(SECOND)}"
            if len(set(name.split())) == len(name.split()) and self.register(name):
                return name
        # Crowded word lists: a third word makes it the runner's own.
        while True:
            name = f"{rng.choice(FIRST)} {rng.choice(SECOND)}"[:14] + f" {rng.below(90) + 10}"
            if self.register(name):
                return name

    def make_runners(self, key):
        pool, discipline = key
        venues = self.pools[key]
        country, region = venues[0].country, venues[0].region
        code = code_of(discipline)
        rng = Generator(self.seed, "runners", pool, discipline)
        history = HISTORY_DAYS[discipline]
        first_day = self.day_number - history
        # Enough runners for the pool's meetings: each week's starts over how often a runner runs.
        meetings_a_week = sum(len(venue.weekdays) for venue in venues)
        races, field = (11, 7) if discipline == "greyhound" else (8, 10) if discipline != "jumps" else (7, 9)
        per_week = {"horse": 0.45, "jumps": 0.3, "harness": 0.9, "greyhound": 1.6}[discipline]
        active = int(meetings_a_week * races * field / per_week)
        career_days = {"horse": 900, "jumps": 1000, "harness": 1100, "greyhound": 500}[discipline]
        count = active * (history + career_days) // career_days
        runners = []
        trainers = self.people[key]["trainers"]
        for _ in range(count):
            runner = Runner()
            runner.discipline, runner.code, runner.country, runner.pool = discipline, code, country, pool
            runner.debut = first_day + rng.below(history + 40)
            if discipline == "greyhound":
                debut_age = rng.between(540, 760)
            elif discipline == "jumps":
                debut_age = rng.between(4 * 365, 6 * 365)
            elif discipline == "harness":
                debut_age = rng.between(2 * 365, 4 * 365)
            else:
                debut_age = rng.weighted([2 * 365, 3 * 365, 4 * 365], [40, 52, 8]) + rng.below(150)
            # Foaled in the hemisphere's season: August to December in the south, January to May in the north.
            born = date(1970, 1, 1) + timedelta(days=runner.debut - debut_age)
            if discipline != "greyhound":
                year = born.year
                if region in SOUTHERN:
                    born = date(year, 8, 1) + timedelta(days=rng.below(120))
                else:
                    born = date(year, 1, 15) + timedelta(days=rng.below(120))
                runner.debut = max(runner.debut, self.first_racing_day(born, region, discipline))
            runner.foaled = born
            runner.retires = runner.debut + rng.between(career_days // 2, career_days * 2)
            # Hong Kong races geldings almost only; elsewhere fillies and mares are close to half.
            runner.female = rng.chance(0.02 if region == "HK" else 0.45)
            runner.gelded = not runner.female and discipline != "greyhound" and rng.chance(
                0.95 if region == "HK" else 0.6 if discipline != "jumps" else 0.9)
            # Merit: a bell from three draws; the class it can reach rises with it.
            runner.merit = (rng.below(41) + rng.below(41) + rng.below(41))  # 0..120, mostly 40-80
            runner.distance = self.preferred_distance(rng, venues, discipline)
            runner.wet = rng.between(-3, 3)
            runner.style = rng.weighted(["lead", "handy", "midfield", "back"], [2, 3, 4, 2])
            runner.gait = None
            if discipline == "harness":
                trots = {"FR": 100, "SWE": 100, "NZ": 30, "USA": 20}.get(region, 12)
                runner.gait = "trot" if rng.below(100) < trots else "pace"
            runner.trainer = rng.choice(trainers)
            runner.name = self.runner_name(rng, discipline, country, born)
            runner.colour = rng.choice(["bk", "bd", "f", "wbk", "dkbd"] if discipline == "greyhound"
                                       else ["b", "br", "ch", "gr", "bl", "b"])
            runner.ready = runner.debut
            runner.prep_left = self.prep_length(rng, discipline)
            runners.append(runner)
        ladder = LADDERS[(region, discipline if discipline == "jumps" else code)]
        top = len(ladder) - 1
        for runner in runners:
            # The class a runner can reach: most stop in the lower half of the ladder, a few reach the top.
            share = min(runner.merit, 120) / 120
            runner.cap = max(1, min(top, int(top * share * share * 1.6 + 0.5)))
        return runners

    def first_racing_day(self, born, region, discipline):
        """The first day a runner may race: a two-year-old's season (1 August in the south, two-year-old racing from
        spring; 1 June in the north, as the JRA's and the English seasons start), Hong Kong at three (it races no
        two-year-olds), the jumps at four."""
        if region in SOUTHERN:
            season = born.year + (1 if born.month >= 8 else 0) + 1
            first = date(season, 10, 1)
        else:
            first = date(born.year + 2, 6, 1)
        if region == "HK":
            first = date(first.year + 1, first.month, first.day)
        if discipline == "jumps":
            first = date(first.year + 2, first.month, first.day)
        return self.days_of(first)

    def dam_name(self, runner):
        """The runner's dam: a mare of its own, her name registered like a runner's (no dam shares a name with
        another dam or with a runner), drawn from the runner's own generator so the day's order does not matter."""
        rng = Generator(self.seed, "dam", runner.name)
        return self.runner_name(rng, runner.discipline, runner.country if runner.country != "FR" else "AUS",
                                runner.foaled)

    def days_of(self, day):
        return (day - date(1970, 1, 1)).days

    @staticmethod
    def preferred_distance(rng, venues, discipline):
        distances = sorted({d for venue in venues for ds in venue.surfaces.values() for d in ds})
        return rng.choice(distances)

    @staticmethod
    def prep_length(rng, discipline):
        """Starts in a preparation before a spell: gallops 3-7, harness 6-14; dogs race on."""
        return {"horse": rng.between(3, 7), "jumps": rng.between(3, 6), "harness": rng.between(6, 14),
                "greyhound": 1_000}[discipline]

    # MARK: - History

    def simulate_history(self, key):
        """Every meeting of the pool's venues from the history's first day to the eve of the race day. Runners wait
        in a pool of the ready (debuted, rested, not retired); each race takes those that fit it."""
        pool, discipline = key
        venues = self.pools[key]
        history = HISTORY_DAYS[discipline]
        first = self.day_number - history
        coming = {}
        for runner in self.runners[key]:
            coming.setdefault(max(first, runner.ready), []).append(runner)
        self.waiting[key] = coming
        self.ready[key] = []
        for day_number in range(first, self.day_number):
            self.take_in(key, day_number)
            weekday = (day_number + 3) % 7  # 1 Jan 1970 was a Thursday
            meetings = [venue for venue in venues if weekday in venue.weekdays]
            if not meetings:
                continue
            rng = Generator(self.seed, "history", pool, discipline, day_number)
            riders = self.riders_for(rng, key, len(meetings))
            for index, venue in enumerate(meetings):
                races = rng.between(6, 8) if discipline != "greyhound" else rng.between(9, 11)
                for race in self.run_meeting(rng, venue, day_number, races, riders[index]):
                    self.settle(rng, race)
        self.take_in(key, self.day_number)

    def take_in(self, key, day_number):
        """Runners due back on `day_number` join the ready; the retired leave."""
        ready = [runner for runner in self.ready[key] if runner.retires > day_number]
        ready += [runner for runner in self.waiting[key].pop(day_number, []) if runner.retires > day_number]
        self.ready[key] = ready

    def riders_for(self, rng, key, meetings):
        """The pool's riders split between a day's meetings: nobody rides at two at once."""
        people = self.people[key]
        order = rng.shuffled(range(len(people["riders"])))
        shares = [[] for _ in range(max(1, meetings))]
        for position, index in enumerate(order):
            shares[position % len(shares)].append(index)
        return [[(people["riders"][i], people["rider_weights"][i]) for i in share] for share in shares]

    def going_for(self, rng, venue, surface):
        return rng.choice(venue.going_words(surface))

    def run_meeting(self, rng, venue, day_number, count, riders):
        """A meeting of the weeks before the day at `venue` on `day_number`, each race filled with the ready runners
        that fit it. Returns the races run (a race short of runners is not run)."""
        key = (venue.pool, venue.discipline)
        surfaces = sorted(venue.surfaces)
        main_surface = surfaces[0] if len(surfaces) == 1 else rng.choice(surfaces)
        going = {surface: self.going_for(rng, venue, surface) for surface in surfaces}
        used = set()
        by_class = {}
        for runner in self.ready[key]:
            by_class.setdefault(runner.klass, []).append(runner)
        races = []
        for number in range(1, count + 1):
            race = self.make_race(rng, venue, day_number, number, main_surface, going, by_class, used, riders)
            if race is not None:
                races.append(race)
        self.ready[key] = [runner for runner in self.ready[key] if runner not in used]
        return races

    def class_for(self, rng, venue, by_class):
        """The class of the next race: where the meeting's ready runners are, the lower classes more often at a
        provincial meeting."""
        classes = [k for k, runners in by_class.items() if len(runners) >= 5]
        if not classes:
            return None
        weights = [len(by_class[k]) * (3 if venue.tier == "metro" and k >= 2 else 2) for k in classes]
        return rng.weighted(sorted(classes), [w for _, w in sorted(zip(classes, weights))])

    def make_race(self, rng, venue, day_number, number, surface, going, by_class, used, riders, is_today=False,
                  klass=None):
        discipline = venue.discipline
        if klass is None:
            klass = self.class_for(rng, venue, by_class)
        if klass is None:
            return None
        if discipline == "harness" and venue.region in ("FR", "SWE"):
            gait = "trot"
        elif discipline == "harness":
            gait = "trot" if rng.below(100) < {"NZ": 30, "USA": 20}.get(venue.region, 12) else "pace"
        else:
            gait = None
        surfaces = sorted(venue.surfaces)
        # America, Japan, Hong Kong and Britain race two surfaces at one meeting; an Australian or New Zealand
        # meeting is on turf or on the synthetic track, not both.
        if len(surfaces) > 1 and venue.region not in ("AUS", "NZ") and rng.chance(0.35):
            surface = rng.choice(surfaces)
        distance = rng.choice(venue.surfaces[surface])
        candidates = [r for r in by_class.get(klass, []) if r not in used and (gait is None or r.gait == gait)]
        # Runners that suit the trip first, then those waiting longest.
        tolerance = {"horse": 400, "jumps": 1600, "harness": 700, "greyhound": 200}[discipline]
        fitting = [r for r in candidates if abs(r.distance - distance) <= tolerance]
        if len(fitting) < 5 and klass >= 1:
            # Short of runners: those a class below step up.
            fitting += [r for r in by_class.get(klass - 1, []) if r not in used and klass - 1 >= 1
                        and (gait is None or r.gait == gait) and abs(r.distance - distance) <= tolerance]
        if len(fitting) < 5:
            return None
        limit = venue.field_limit
        if discipline == "greyhound":
            size = limit
        else:
            # A race day's fields are full; a weekday's smaller.
            size = rng.between(max(7, limit - 4) if is_today else min(limit, 7), limit)
        field = heapq.nsmallest(size, fitting, key=lambda r: (r.ready, r.name))
        race = Race()
        race.day, race.venue, race.number = day_number, venue, number
        race.distance, race.surface, race.going = distance, surface, going[surface]
        race.klass, race.gait = klass, gait
        ladder = LADDERS[(venue.region, discipline if discipline == "jumps" else venue.code)]
        label, short, metro, provincial = ladder[min(klass, len(ladder) - 1)]
        if venue.region == "UK" and discipline == "greyhound" and label[0] == "A":
            # Graded by trip; each grade pays the purse of the standard grade it stands for, one purse a grade.
            label, standard = uk_grade(int(label[1:]), distance)
            short = label
            metro, provincial = next(entry[2:] for entry in ladder if entry[0] == f"A{standard}")
        race.label, race.short = label, short
        race.prize = metro if venue.tier == "metro" else provincial
        race.standing = (discipline == "harness" and (venue.region in ("AUS", "NZ") and rng.chance(0.3)
                                                     or venue.region in ("FR", "SWE") and distance >= 2600))
        for runner in field:
            used.add(runner)
            start = Start(race, runner)
            race.starts.append(start)
        self.draw(rng, race)
        self.assign_riders(rng, race, riders)
        self.weigh(race)
        race.chances = self.chances(race)
        if not is_today:
            self.run(rng, race)
        return race

    def draw(self, rng, race):
        """Barriers (boxes, traps): none over jumps."""
        discipline = race.venue.discipline
        if discipline == "jumps":
            return
        if discipline == "greyhound":
            boxes = rng.shuffled(range(1, race.venue.field_limit + 1))[:len(race.starts)]
            order = rng.shuffled(race.starts)
            for start, box in zip(order, sorted(boxes)):
                start.barrier = box
            return
        for start, barrier in zip(race.starts, rng.shuffled(range(1, len(race.starts) + 1))):
            start.barrier = barrier

    def assign_riders(self, rng, race, riders):
        if race.venue.discipline == "greyhound" or not riders:
            return
        taken = set()
        names = [name for name, _ in riders]
        weights = [weight for _, weight in riders]
        for start in race.starts:
            for _ in range(20):
                rider = rng.weighted(names, weights)
                if rider not in taken:
                    break
            else:
                rider = next(name for name in names if name not in taken)
            taken.add(rider)
            start.rider = rider

    def weigh(self, race):
        """Weights in kilograms: handicaps by merit (the best carry most), maidens and set weights by sex."""
        discipline, region = race.venue.discipline, race.venue.region
        if discipline not in ("horse", "jumps"):
            return
        best = max(start.runner.merit for start in race.starts)
        for start in race.starts:
            runner = start.runner
            if discipline == "jumps":
                pounds = 168 - (best - runner.merit) // 2  # 12st down, in pounds
                start.weight = max(140, pounds) * 0.4536
            elif region == "USA":
                start.weight = (124 - (best - runner.merit) // 6) * 0.4536
            elif race.klass == 0 or region in ("JPN", "KOR"):
                start.weight = 58.0 if not runner.female else 56.0
            else:
                start.weight = max(54.0, 60.5 - (best - runner.merit) * 0.5)
            start.weight = round(start.weight * 2) / 2

    # MARK: - Chances and results

    def adjusted_merit(self, start):
        """A runner's merit in this race: its trip, the going, its fitness and its draw."""
        runner, race = start.runner, start.race
        merit = runner.merit
        off = abs(runner.distance - race.distance)
        merit -= off // 100 if race.venue.discipline != "greyhound" else off // 25
        if race.going.startswith(("Soft", "Heavy", "Yielding", "Sloppy", "Muddy", "Slow")):
            merit += 2 * runner.wet
        last = runner.starts[-1].race.day if runner.starts else None
        if last is None or race.day - last >= SPELL_DAYS:
            merit -= 3  # first up: fit from trials, not racing
        if start.barrier and race.venue.discipline == "horse" and start.barrier > 10:
            merit -= (start.barrier - 10) // 2
        widest = race.venue.field_limit
        if start.barrier and race.venue.discipline == "greyhound" and start.barrier in (1, widest) and runner.style == "lead":
            merit += 2
        if race.standing and runner.style == "back":
            merit -= 2
        return max(-ADJUST + 1, min(300 - ADJUST, merit))

    def chances(self, race):
        """Each runner's chance of winning: its weight over the field's (the same weights decide the result)."""
        weights = [WEIGHT[ADJUST + self.adjusted_merit(start)] for start in race.starts]
        total = sum(weights)
        return [weight / total for weight in weights]

    def run(self, rng, race):
        """The race run: its finishing order and the lengths behind the winner of each runner."""
        order, gaps = draw_finish(rng, list(range(len(race.starts))), race.chances)
        race.order, race.gaps = order, gaps
        behind = 0.0
        for place, index in enumerate(order):
            start = race.starts[index]
            start.finish = place + 1
            if place == 0:
                start.behind = gaps[0] if gaps else 0.0
            else:
                behind += gaps[place - 1]
                start.behind = round(behind, 2)

    def settle(self, rng, race):
        """After a past race: starting prices, the runners' records, their classes and when each runs again."""
        for start, chance in zip(race.starts, public_chances(race, race.chances)):
            start.price = starting_price(chance)
        for start in race.starts:
            runner = start.runner
            runner.starts.append(start)
            if start.finish == 1:
                runner.wins += 1
                runner.klass = min(runner.cap, runner.klass + 1) if runner.klass < runner.cap else runner.klass
                if runner.klass == 0:
                    runner.klass = 1
            elif runner.klass >= 2 and len(runner.starts) >= 4 and all(
                    s.finish > 3 for s in runner.starts[-4:]) and runner.starts[-4].race.klass >= runner.klass:
                runner.klass -= 1
            self.rest(rng, runner, race.day)

    def rest(self, rng, runner, day_number):
        discipline = runner.discipline
        gap = {"horse": rng.between(14, 35), "jumps": rng.between(21, 42), "harness": rng.between(7, 16),
               "greyhound": rng.between(4, 10)}[discipline]
        runner.prep_left -= 1
        if runner.prep_left <= 0:
            gap = rng.between(90, 180) if discipline != "harness" else rng.between(85, 140)
            runner.prep_left = self.prep_length(rng, discipline)
        runner.ready = day_number + gap
        if runner.ready < runner.retires:
            self.waiting[(runner.pool, runner.discipline)].setdefault(runner.ready, []).append(runner)


def draw_finish(rng, entries, chances):
    """A finishing order of `entries`, each place drawn by the chances (indexed by entry) of those still to finish,
    the chances the market was framed from; and the gaps between them in lengths, close among the first, wider
    down the field."""
    left = list(entries)
    order = []
    scale = 1 << 40
    while left:
        pick = rng.weighted(left, [max(1, int(chances[entry] * scale)) for entry in left])
        order.append(pick)
        left.remove(pick)
    steps = [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0]
    gaps = []
    for place in range(1, len(order)):
        bias = [max(1, 12 - abs(index - (3 + place // 2)) * 2) for index in range(len(steps))]
        gaps.append(rng.weighted(steps, bias))
    return order, gaps


def uk_grade(number, distance):
    """A British greyhound grade by trip, as the tracks grade them: D for sprints (D1-D4), A over the standard trip
    (A1-A9), S for stayers (S1-S6) and E for marathons (E1-E3), the number scaled to the letter's own range; and
    the standard grade's number it stands for."""
    for longest, letter, lowest in ((300, "D", 4), (525, "A", 9), (700, "S", 6), (10_000, "E", 3)):
        if distance <= longest:
            grade = max(1, (number * lowest + 8) // 9)
            # The standard grade it stands for: the best whose number scales to it.
            return f"{letter}{grade}", next(n for n in range(1, 10) if max(1, (n * lowest + 8) // 9) == grade)


def public_chances(race, chances):
    """What the betting public makes of each runner: its chance (the weights that decide the result) blended with
    its form as punters read it (where it finished in its last five starts; a first starter in between), so a runner
    that keeps losing is not backed as its ability alone says. Prices, starting prices and the tote's pools are
    framed from this; results are drawn from the chances."""
    ratings, unplaced = [], []
    for start in race.starts:
        recent = [past for past in start.runner.starts if past.race.day < race.day][-5:]
        form = (sum(1 - (past.finish - 1) / max(1, len(past.race.starts) - 1) for past in recent) / len(recent)
                if recent else 0.5)
        ratings.append(0.25 + form)
        unplaced.append(bool(recent) and all(past.finish > 3 for past in recent[-3:]))
    total = sum(ratings)
    public = [0.8 * chance + 0.2 * rating / total for chance, rating in zip(chances, ratings)]
    # Nobody backs a runner unplaced at its last three starts into odds-on: its share is held to 36%, the rest
    # going to the others as they stood.
    for index, capped in enumerate(unplaced):
        if capped and public[index] > 0.36:
            spare = public[index] - 0.36
            others = sum(public) - public[index]
            public = [0.36 if other == index else share + spare * share / others
                      for other, share in enumerate(public)]
    return public


def starting_price(chance):
    """The price a runner started at: its chance over a 20% book, on the bookmakers' ladder."""
    return on_ladder(1 / (chance * 1.2))


LADDER = []
for low, high, step in ((1.01, 2.0, 0.01), (2.0, 3.0, 0.05), (3.0, 4.0, 0.1), (4.0, 5.0, 0.2), (5.0, 10.0, 0.5),
                        (10.0, 21.0, 1.0)):
    count = int(round((high - low) / step))
    for index in range(count):
        LADDER.append(round(low + index * step, 2))
# Past 21 only the long prices bookmakers use (the real cards' 23, 34, 41, 81...), as the app's PriceLadder has them.
LONG_PRICES = [21.0, 23.0, 26.0, 31.0, 34.0, 41.0, 46.0, 51.0, 61.0, 67.0, 71.0, 81.0, 91.0, 101.0]
LADDER = sorted(set(LADDER + LONG_PRICES))


def on_ladder(price):
    """The ladder's price nearest `price` (the shorter of two as near), within 1.01 and 101."""
    if price <= LADDER[0]:
        return LADDER[0]
    if price >= LADDER[-1]:
        return LADDER[-1]
    low, high = 0, len(LADDER) - 1
    while high - low > 1:
        middle = (low + high) // 2
        if LADDER[middle] <= price:
            low = middle
        else:
            high = middle
    return LADDER[low] if price - LADDER[low] <= LADDER[high] - price else LADDER[high]


