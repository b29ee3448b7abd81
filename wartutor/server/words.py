"""The words of a generated class password: 1,814 short common English words, kind to read
out in a classroom (three of them, such as ``tiger-lamp-river``, give about 32.5 bits).

They are the BIP-0039 English word list (BSD-2-Clause, as python-mnemonic ships it) cut
to words of at most seven letters, less those a teacher would rather not read out
(weapons, crime, illness, insults) and a few hard to spell or to hear. Every word is
lowercase ASCII letters, and no two share their first four letters, so no two are
easily taken for each other when read out.
"""

from __future__ import annotations

_LIST = """
abandon ability able about above absent absorb absurd access account achieve acid acquire
across act action actor actress actual adapt add address adjust admit advance advice afford
again age agent agree ahead aim air airport aisle alarm album alert alien all alley allow
almost alone alpha already also alter always amateur amazing among amount amused anchor
ancient angle animal ankle annual another answer antenna antique any apart apology appear
apple approve arch arctic area arena argue arm around arrange arrive arrow art artist
artwork ask aspect assist assume athlete atom attend attract auction audit aunt author auto
autumn average avocado avoid awake aware away awesome awkward axis baby bacon badge bag
balance balcony ball bamboo banana banner bar barely bargain barrel base basic basket battle
beach bean beauty because become beef before begin behave behind believe below belt bench
benefit best better between beyond bicycle bid bike bind biology bird birth black blade
blanket blast bleak bless blind blossom blouse blue blur blush board boat body boil bone
bonus book boost border boring borrow boss bottom bounce box boy bracket brain brand brass
brave bread breeze brick bridge brief bright bring brisk broken bronze broom brother brown
brush bubble buddy budget buffalo build bulb bulk bundle burden burger burst bus busy butter
buyer buzz cabbage cabin cable cactus cage cake call calm camera camp can canal candy cannon
canoe canvas canyon capable capital captain car carbon card cargo carpet carry cart case
cash castle casual cat catalog catch cattle caught cause caution cave ceiling celery cement
century cereal certain chair chalk change chaos chapter charge chase chat cheap check cheese
chef cherry chest chicken chief child chimney choice choose chuckle chunk churn circle
citizen city civil claim clap clarify claw clay clean clerk clever click client cliff climb
clinic clip clock clog close cloth cloud clown club clump cluster clutch coach coast coconut
code coffee coil coin collect color column combine come comfort comic common company concert
conduct confirm connect control cook cool copper copy coral core corn correct cost cotton
couch country couple course cousin cover coyote crack cradle craft cram crane crash crater
crawl crazy cream credit creek crew cricket crisp critic crop cross crouch crowd crucial
cruise crumble crunch crystal cube culture cup curious current curtain curve cushion custom
cute cycle dad damp dance daring dash dawn day deal debate debris decade decide decline deer
defense define defy degree delay deliver demand dentist depart depend deposit depth deputy
derive desert design desk detail detect develop device devote diagram dial diamond diary
dice diet differ digital dignity dilemma dinner direct dirt dish display divert divide dizzy
doctor dog dolphin domain donate donkey donor door dose double dove draft dragon drama draw
dream dress drift drill drink drip drive drop drum dry duck dune during dust duty dwarf
dynamic eager eagle early earn earth easily east easy echo ecology economy edge edit educate
effort egg eight either elbow elder elegant element elite else embark embody embrace emerge
emotion employ empower empty enable enact end endless endorse energy enforce engage engine
enhance enjoy enlist enough enrich enroll ensure enter entire entry episode equal equip era
erase erode erosion error erupt escape essay essence eternal ethics evoke evolve exact
example excess excite exclude excuse execute exhaust exhibit exist exit exotic expand expect
expire explain expose express extend extra eye eyebrow fabric face faculty fade faint faith
fall false fame family famous fan fancy fantasy farm fashion father feature fee feed feel
female fence fetch fever few fiber fiction field figure file film filter final find fine
finger finish fire firm first fish fit fitness fix flag flame flash flat flavor flee flight
flip float flock floor flower fluid flush fly foam focus fog foil fold follow food foot
force forest forget fork fortune forum forward fossil foster found fox fragile frame fresh
friend fringe frog front frost frozen fruit fuel fun funny furnace future gadget gain galaxy
gallery game gap garage garbage garden garlic garment gas gasp gate gather gauge gaze
general genius genre gentle genuine gesture ghost giant gift giggle ginger giraffe girl give
glad glance glare glass glide glimpse globe glory glove glow glue goat goddess gold good
goose gorilla gospel govern gown grab grace grain grant grape grass gravity great green grid
grit grocery group grow grunt guard guess guide guitar gym habit hair half hammer hamster
hand happy harbor hard harsh harvest hat have hawk head health heart heavy height hello
helmet help hen hero hidden high hill hint hip hire history hobby hockey hold hole holiday
hollow home honey hood hope horn horse host hotel hour hover hub huge human humble humor
hundred hungry hunt hurdle hurry husband hybrid ice icon idea idle ignore ill image imitate
immense immune impact impose improve impulse inch include income index indoor infant inform
inhale inherit initial inner input inquiry insect inside inspire install intact into invest
invite involve iron island isolate issue item ivory jacket jaguar jar jazz jeans jelly jewel
job join joke journey joy judge juice jump jungle junior junk just keen keep ketchup key
kick kid kind kingdom kit kitchen kite kitten kiwi knee knife knock know lab label labor
ladder lady lake lamp laptop large later laugh laundry lava law lawn layer lazy leader leaf
learn leave lecture left leg legal legend leisure lemon lend length lens leopard lesson
letter level liberty library license life lift light like limb limit link lion liquid list
little live lizard load loan lobster local lock logic long loop lottery loud lounge love
loyal lucky luggage lumber lunar lunch luxury lyrics machine magic magnet maid mail main
major make mammal man manage mango mansion manual maple marble march margin marine market
mask mass master match math matrix matter maximum maze meadow mean measure meat medal media
melody melt member memory mention menu mercy merge merry mesh message metal method middle
milk million mimic mind minimum minor minute miracle mirror miss mistake mix mixed mixture
mobile model modify mom moment monitor monkey monster month moon moral more morning mother
motion motor mouse move movie much muffin mule muscle museum music must mutual myself
mystery myth naive name napkin narrow nation nature near neck need neither nephew nerve nest
net network neutral never news next nice night noble noise nominee noodle normal north nose
notable note nothing notice novel now number nurse nut oak obey object oblige obscure
observe obtain obvious occur ocean odor off offer office often oil okay old olive omit once
one onion online only open opera opinion oppose option orange orbit orchard order organ
orient ostrich other outdoor outer output outside oval oven over own owner oxygen oyster
ozone pact paddle page pair palace palm panda panel panic panther paper parade parent park
parrot party pass patch path patient patrol pattern pause pave payment peace peanut pear
peasant pelican pen pencil people pepper perfect permit person pet phone photo phrase piano
picnic picture piece pig pigeon pill pilot pink pioneer pipe pitch pizza place planet
plastic plate play please pledge pluck plug plunge poem poet point polar pole police pond
pony pool popular portion post potato pottery powder power praise predict prefer prepare
present pretty prevent price pride primary print private prize problem process produce
profit program project promote proof prosper protect proud provide public pudding pull pulp
pulse pumpkin pupil puppy purity purpose purse push put puzzle pyramid quality quantum
quarter quick quit quiz quote rabbit raccoon race rack radar radio rail rain raise rally
ramp ranch random range rapid rare rate rather raven raw razor ready real reason rebuild
recall receive recipe record recycle reduce reflect reform refuse region regret regular
relax release relief rely remain remind remove render renew rent reopen repair repeat
replace report require rescue resist result retire retreat return reunion reveal review
reward rhythm rib ribbon rice rich ride ridge right rigid ring ripple risk ritual rival
river road roast robot robust rocket romance roof rookie room rose rotate rough round route
royal rubber rug rule run runway rural saddle safe sail salad salmon salon salt salute same
sample sand satisfy sauce save say scale scan scatter scene scheme school science scout
scrap screen script scrub sea search season seat second secret section seed seek segment
select sell seminar senior sense series service session settle setup seven shadow shaft
shallow share shed shell shield shift shine ship shiver shock shoe shop short shove shrimp
shrug shuffle shy sibling side sight sign silent silk silly silver similar simple since sing
siren sister situate six size skate sketch ski skill skin skirt slab sleep slender slice
slide slight slim slogan slot slow slush small smart smile smoke smooth snack snake snap
sniff snow soap soccer social sock soda soft solar solid solve someone song soon sorry sort
soul sound soup source south space spare spatial spawn speak special speed spell spend
sphere spice spider spike spin spirit split spoil sponsor spoon sport spot spray spread
spring square squeeze stable stadium staff stage stairs stamp stand start state stay steak
steel stem step stereo stick still sting stock stomach stone stool story stove street strike
strong student stuff stumble style subject submit subway success such sudden suffer sugar
suggest suit summer sun sunny sunset super supply supreme sure surface surge survey sustain
swallow swamp swap swarm sweet swift swim swing switch sword symbol symptom syrup system
table tackle tag tail talent talk tank tape target task taste taxi teach team tell ten
tennis tent term test text thank that theme then theory there they thing this thought three
thrive throw thumb thunder ticket tide tiger tilt timber time tiny tip tired tissue title
toast today toddler toe token tomato tone tongue tonight tool tooth top topic topple torch
tornado toss total tourist toward tower town toy track trade traffic train trash travel tray
treat tree trend trial tribe trick trigger trim trip trophy trouble truck true truly trumpet
trust truth try tube tumble tuna tunnel turkey turn turtle twelve twenty twice twin twist
two type typical unable unaware uncle uncover under undo unfold uniform unique unit unknown
unlock until unusual unveil update upgrade uphold upon upper urban urge usage use used
useful useless usual utility vacant vacuum vague valid valley valve van vanish vapor various
vast vault vehicle velvet vendor venture venue verb version very vessel veteran viable
vibrant victory video view village vintage violin virtual visa visit visual vital vivid
vocal voice void volcano volume vote voyage wage wagon wait walk wall walnut want warm wash
wasp waste water wave way wealth wear weasel weather web wedding weekend welcome west wet
whale what wheat wheel when where whip whisper wide width wife wild will win window wing
wink winner winter wire wisdom wise wish wolf woman wonder wood wool word work world worry
worth wrap wrist write yard year yellow you young youth zebra zero zone zoo
"""
WORDS: tuple[str, ...] = tuple(_LIST.split())
