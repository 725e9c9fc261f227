"""Write locales/<lang>/LC_MESSAGES/messages.po from locales/messages.pot and the table below.

Run after `pybabel extract -F babel.cfg --no-location --omit-header -o locales/messages.pot .`:
    python tools/translations.py
The test suite checks that every message of the code is translated in every catalog.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("es", "ru", "de", "fr")

T: dict[str, tuple[str, str, str, str]] = {
    "Chance that the pursuers catch the fleeing unit: {p}.": (
        "Probabilidad de que los perseguidores alcancen a la unidad que huye: {p}.",
        "Вероятность, что преследователи настигнут бегущий отряд: {p}.",
        "Wahrscheinlichkeit, dass die Verfolger die fliehende Einheit einholen: {p}.",
        "Probabilité que les poursuivants rattrapent l'unité en fuite : {p}.",
    ),
    "Caught: the pursuit roll of {pursuit} is equal to or higher than the flee roll of {flee}. The fleeing unit is destroyed where it stands.": (
        "Alcanzada: la tirada de persecución de {pursuit} es igual o mayor que la tirada de huida de {flee}. La unidad que huye queda destruida donde está.",
        "Настигнут: бросок преследования {pursuit} равен броску бегства {flee} или больше его. Бегущий отряд уничтожен на месте.",
        "Eingeholt: der Verfolgungswurf von {pursuit} ist gleich hoch wie der Fluchtwurf von {flee} oder höher. Die fliehende Einheit wird an Ort und Stelle vernichtet.",
        "Rattrapée : le jet de poursuite de {pursuit} est égal ou supérieur au jet de fuite de {flee}. L'unité en fuite est détruite sur place.",
    ),
    "Escaped: the flee roll of {flee} is higher than the pursuit roll of {pursuit}. The fleeing unit flees {move}.": (
        "Escapa: la tirada de huida de {flee} es mayor que la tirada de persecución de {pursuit}. La unidad huye {move}.",
        "Ушёл: бросок бегства {flee} больше броска преследования {pursuit}. Отряд бежит на {move}.",
        "Entkommen: der Fluchtwurf von {flee} ist höher als der Verfolgungswurf von {pursuit}. Die Einheit flieht {move}.",
        "Échappée : le jet de fuite de {flee} est supérieur au jet de poursuite de {pursuit}. L'unité fuit de {move}.",
    ),
    "The unit is not pursued: it flees {move}.": (
        "La unidad no es perseguida: huye {move}.",
        "Отряд не преследуют: он бежит на {move}.",
        "Die Einheit wird nicht verfolgt: sie flieht {move}.",
        "L'unité n'est pas poursuivie : elle fuit de {move}.",
    ),
    "The pursuers halt 1 inch short of the friendly unit or impassable terrain in their way.": (
        "Los perseguidores se detienen a 1 pulgada de la unidad amiga o del terreno infranqueable que tienen delante.",
        "Преследователи останавливаются в 1 дюйме от дружественного отряда или непроходимой местности на пути.",
        "Die Verfolger halten 1 Zoll vor der befreundeten Einheit oder dem unpassierbaren Gelände an.",
        "Les poursuivants s'arrêtent à 1 pouce de l'unité amie ou du terrain infranchissable sur leur chemin.",
    ),
    "The pursuers must charge the enemy in their way without a charge roll; it must hold.": (
        "Los perseguidores deben cargar contra el enemigo que tienen delante sin tirar distancia de carga; este debe mantener la posición.",
        "Преследователи обязаны напасть на врага на своём пути без броска на дальность нападения; враг должен держать позицию.",
        "Die Verfolger müssen den Feind in ihrem Weg ohne Angriffswurf angreifen; er muss die Stellung halten.",
        "Les poursuivants doivent charger l'ennemi sur leur chemin sans jet de charge ; il doit tenir sa position.",
    ),
    "That fight is not yet resolved, so they fight another round now.": (
        "Ese combate aún no se ha resuelto, así que combaten otra ronda ahora.",
        "Этот бой ещё не разрешён, поэтому они сразу сражаются ещё один раунд.",
        "Dieser Kampf ist noch nicht abgehandelt, also kämpfen sie jetzt eine weitere Runde.",
        "Ce combat n'est pas encore résolu : ils livrent donc un autre round maintenant.",
    ),
    "The combat is fought next turn and the pursuers count as charging.": (
        "El combate se resuelve en el siguiente turno y los perseguidores cuentan como que cargan.",
        "Бой проходит в следующем ходу, и преследователи считаются нападающими.",
        "Der Kampf findet im nächsten Zug statt, und die Verfolger gelten als angreifend.",
        "Le combat a lieu au tour suivant et les poursuivants comptent comme chargeant.",
    ),
    "The fleeing enemy they reach is destroyed, and the pursuers may reform.": (
        "El enemigo en huida que alcanzan queda destruido, y los perseguidores pueden reorganizarse.",
        "Бегущий враг, которого они настигли, уничтожен, и преследователи могут перестроиться.",
        "Der fliehende Feind, den sie erreichen, wird vernichtet, und die Verfolger dürfen sich neu formieren.",
        "L'ennemi en fuite qu'ils atteignent est détruit, et les poursuivants peuvent se reformer.",
    ),
    "The pursuers leave the battlefield and re-enter in their next Movement phase.": (
        "Los perseguidores salen del campo de batalla y vuelven a entrar en su siguiente fase de movimiento.",
        "Преследователи покидают поле боя и возвращаются в свою следующую фазу движения.",
        "Die Verfolger verlassen das Spielfeld und kehren in ihrer nächsten Bewegungsphase zurück.",
        "Les poursuivants quittent le champ de bataille et reviennent lors de leur prochaine phase de mouvement.",
    ),
    "The pursuers move {move}.": (
        "Los perseguidores mueven {move}.",
        "Преследователи продвигаются на {move}.",
        "Die Verfolger bewegen sich {move}.",
        "Les poursuivants se déplacent de {move}.",
    ),
    "Leadership test of {roll} against Leadership {ld}: passed. The unit restrains pursuit, holds its position and may reform.": (
        "Chequeo de Liderazgo de {roll} contra Liderazgo {ld}: superado. La unidad no persigue, mantiene la posición y puede reorganizarse.",
        "Тест Лидерства: {roll} против Лидерства {ld} — пройден. Отряд не преследует, держит позицию и может перестроиться.",
        "Moralwerttest von {roll} gegen Moralwert {ld}: bestanden. Die Einheit unterlässt die Verfolgung, hält die Stellung und darf sich neu formieren.",
        "Test de Commandement de {roll} contre un Commandement de {ld} : réussi. L'unité se retient, tient sa position et peut se reformer.",
    ),
    "Leadership test of {roll} against Leadership {ld}: failed. The unit pursues anyway.": (
        "Chequeo de Liderazgo de {roll} contra Liderazgo {ld}: fallado. La unidad persigue de todos modos.",
        "Тест Лидерства: {roll} против Лидерства {ld} — провален. Отряд всё равно преследует.",
        "Moralwerttest von {roll} gegen Moralwert {ld}: misslungen. Die Einheit verfolgt trotzdem.",
        "Test de Commandement de {roll} contre un Commandement de {ld} : raté. L'unité poursuit quand même.",
    ),
    "Chance to pass the Leadership test and restrain pursuit with Leadership {ld}: {p}.": (
        "Probabilidad de superar el chequeo de Liderazgo y no perseguir con Liderazgo {ld}: {p}.",
        "Вероятность пройти тест Лидерства и удержаться от преследования при Лидерстве {ld}: {p}.",
        "Wahrscheinlichkeit, den Moralwerttest zu bestehen und die Verfolgung zu unterlassen, bei Moralwert {ld}: {p}.",
        "Probabilité de réussir le test de Commandement et de se retenir avec un Commandement de {ld} : {p}.",
    ),
    "The unit flees {move} directly away from the enemy.": (
        "La unidad huye {move} alejándose directamente del enemigo.",
        "Отряд бежит на {move} прямо от врага.",
        "Die Einheit flieht {move} direkt vom Feind weg.",
        "L'unité fuit de {move} en s'éloignant directement de l'ennemi.",
    ),
    "A fleeing unit moves 2D6 inches directly away from the enemy.": (
        "Una unidad que huye mueve 2D6 pulgadas alejándose directamente del enemigo.",
        "Бегущий отряд проходит 2D6 дюймов прямо от врага.",
        "Eine fliehende Einheit bewegt sich 2W6 Zoll direkt vom Feind weg.",
        "Une unité en fuite se déplace de 2D6 pouces en s'éloignant directement de l'ennemi.",
    ),
    "it did not charge": (
        "no cargó",
        "он не нападал",
        "sie hat nicht angegriffen",
        "elle n'a pas chargé",
    ),
    "the enemy was not wiped out": (
        "el enemigo no fue aniquilado",
        "враг не был уничтожен",
        "der Feind wurde nicht vernichtet",
        "l'ennemi n'a pas été anéanti",
    ),
    "it already won a second fight this turn": (
        "ya ganó un segundo combate este turno",
        "он уже выиграл второй бой в этом ходу",
        "sie hat in diesem Zug schon einen zweiten Kampf gewonnen",
        "elle a déjà gagné un second combat ce tour-ci",
    ),
    "models are left after extra wounds": (
        "quedan miniaturas tras las heridas adicionales",
        "после дополнительных ран остались модели",
        "nach den zusätzlichen Wunden sind noch Modelle übrig",
        "il reste des figurines après les blessures supplémentaires",
    ),
    "it was not the first turn of combat": (
        "no era el primer turno de combate",
        "это был не первый ход боя",
        "es war nicht die erste Nahkampfrunde",
        "ce n'était pas le premier tour de combat",
    ),
    "it charged": ("cargó", "он нападал", "sie angegriffen hat", "elle a chargé"),
    "it wiped out its enemy": (
        "aniquiló a su enemigo",
        "он уничтожил врага",
        "sie ihren Feind vernichtet hat",
        "elle a anéanti son ennemi",
    ),
    "this is the first turn of combat": (
        "es el primer turno de combate",
        "это первый ход боя",
        "es die erste Nahkampfrunde ist",
        "c'est le premier tour de combat",
    ),
    "{edition}: the unit cannot overrun: {reasons}.": (
        "{edition}: la unidad no puede arrasar: {reasons}.",
        "{edition}: отряд не может совершить прорыв: {reasons}.",
        "{edition}: die Einheit darf nicht überrennen: {reasons}.",
        "{edition} : l'unité ne peut pas faire de percée : {reasons}.",
    ),
    "{edition}: the unit may overrun 5D6 cm (Movement up to 15 cm) or 8D6 cm (Movement above 15 cm), straight ahead; it is not obliged to.": (
        "{edition}: la unidad puede arrasar 5D6 cm (Movimiento de hasta 15 cm) u 8D6 cm (Movimiento de más de 15 cm), en línea recta; no está obligada.",
        "{edition}: отряд может совершить прорыв на 5D6 см (Движение до 15 см) или 8D6 см (Движение больше 15 см) по прямой; это не обязательно.",
        "{edition}: die Einheit darf 5W6 cm (Bewegung bis 15 cm) oder 8W6 cm (Bewegung über 15 cm) geradeaus überrennen; sie muss es nicht.",
        "{edition} : l'unité peut faire une percée de 5D6 cm (Mouvement jusqu'à 15 cm) ou 8D6 cm (Mouvement au-delà de 15 cm), en ligne droite ; ce n'est pas obligatoire.",
    ),
    "{edition}: the unit overruns {move} ({dice}).": (
        "{edition}: la unidad arrasa {move} ({dice}).",
        "{edition}: отряд совершает прорыв на {move} ({dice}).",
        "{edition}: die Einheit überrennt {move} ({dice}).",
        "{edition} : l'unité fait une percée de {move} ({dice}).",
    ),
    "{edition}: the unit may overrun {dice} straight ahead; it is not obliged to.": (
        "{edition}: la unidad puede arrasar {dice} en línea recta; no está obligada.",
        "{edition}: отряд может совершить прорыв на {dice} по прямой; это не обязательно.",
        "{edition}: die Einheit darf {dice} geradeaus überrennen; sie muss es nicht.",
        "{edition} : l'unité peut faire une percée de {dice} en ligne droite ; ce n'est pas obligatoire.",
    ),
    "This holds only if {conditions}.": (
        "Esto vale solo si {conditions}.",
        "Это верно, только если {conditions}.",
        "Das gilt nur, wenn {conditions}.",
        "Cela ne vaut que si {conditions}.",
    ),
    "Without contact there is no charge: the unit may not wheel to force one.": (
        "Sin contacto no hay carga: la unidad no puede pivotar para forzarla.",
        "Без контакта нападения нет: отряд не может довернуть, чтобы его добиться.",
        "Ohne Kontakt gibt es keinen Angriff: die Einheit darf nicht schwenken, um ihn zu erzwingen.",
        "Sans contact, pas de charge : l'unité ne peut pas pivoter pour la forcer.",
    ),
    "The overrunning unit must charge the new enemy: the enemy may only hold, no psychology tests are taken, and the combat is fought next turn with charge bonuses.": (
        "La unidad que arrasa debe cargar contra el nuevo enemigo: este solo puede mantener la posición, no se efectúan chequeos de Psicología y el combate se resuelve en el siguiente turno con los modificadores por carga.",
        "Отряд, совершающий прорыв, обязан напасть на нового врага: враг может только держать позицию, тесты психологии не проводятся, а бой проходит в следующем ходу с бонусами за нападение.",
        "Die überrennende Einheit muss den neuen Feind angreifen: dieser darf nur die Stellung halten, es gibt keine Psychologietests, und der Kampf findet im nächsten Zug mit Angriffsboni statt.",
        "L'unité qui fait une percée doit charger le nouvel ennemi : celui-ci ne peut que tenir sa position, aucun test de psychologie n'est effectué, et le combat a lieu au tour suivant avec les bonus de charge.",
    ),
    "The charge range is {range} ({movement} + {die}) and the target is {distance} away, so the charge fails.": (
        "El alcance de carga es {range} ({movement} + {die}) y el objetivo está a {distance}, así que la carga falla.",
        "Дальность нападения {range} ({movement} + {die}), а цель в {distance}, поэтому нападение не удалось.",
        "Die Angriffsreichweite ist {range} ({movement} + {die}) und das Ziel ist {distance} entfernt, also scheitert der Angriff.",
        "La portée de charge est de {range} ({movement} + {die}) et la cible est à {distance} : la charge échoue.",
    ),
    "The charge range is {range} ({movement} + {die}) and the target is {distance} away, so the charge reaches it.": (
        "El alcance de carga es {range} ({movement} + {die}) y el objetivo está a {distance}, así que la carga lo alcanza.",
        "Дальность нападения {range} ({movement} + {die}), а цель в {distance}, поэтому нападение достигает её.",
        "Die Angriffsreichweite ist {range} ({movement} + {die}) und das Ziel ist {distance} entfernt, also erreicht der Angriff es.",
        "La portée de charge est de {range} ({movement} + {die}) et la cible est à {distance} : la charge l'atteint.",
    ),
    "The failed charge moves the unit {move} straight toward its target: the highest die of the charge roll ({die}).": (
        "La carga fallida mueve la unidad {move} en línea recta hacia su objetivo: el dado más alto de la tirada de carga ({die}).",
        "При неудавшемся нападении отряд проходит {move} прямо к цели: столько, сколько выпало на наибольшем кубике броска на дальность нападения ({die}).",
        "Der gescheiterte Angriff bewegt die Einheit {move} geradewegs auf ihr Ziel zu: der höchste Würfel des Angriffswurfs ({die}).",
        "La charge ratée déplace l'unité de {move} droit vers sa cible : le dé le plus haut du jet de charge ({die}).",
    ),
    "A model fighting an enemy who is still standing cannot attack knocked-down or stunned warriors.": (
        "Una miniatura que combate contra un enemigo todavía en pie no puede atacar a guerreros derribados o aturdidos.",
        "Модель, которая сражается с противником, всё ещё стоящим на ногах, не может атаковать сбитых с ног или оглушённых воинов.",
        "Ein Modell, das gegen einen noch stehenden Feind kämpft, darf keine niedergeschlagenen oder betäubten Krieger angreifen.",
        "Une figurine qui combat un ennemi encore debout ne peut pas attaquer des guerriers à terre ou sonnés.",
    ),
    "The same model cannot down an enemy and then take it out of action in the same phase; another attacker can.": (
        "La misma miniatura no puede derribar a un enemigo y luego dejarlo fuera de combate en la misma fase; otro atacante sí puede.",
        "Одна и та же модель не может сбить врага с ног и затем вывести его из игры в ту же фазу; другой атакующий может.",
        "Dasselbe Modell kann einen Feind nicht in derselben Phase niederschlagen und dann ausschalten; ein anderer Angreifer schon.",
        "Une même figurine ne peut pas mettre un ennemi à terre puis le mettre hors de combat dans la même phase ; un autre attaquant le peut.",
    ),
    "A stunned warrior is taken out of action automatically when an enemy can attack it.": (
        "Un guerrero aturdido queda fuera de combate automáticamente si un enemigo puede atacarlo.",
        "Оглушённый воин автоматически выводится из игры, если противник может его атаковать.",
        "Ein betäubter Krieger ist automatisch ausgeschaltet, wenn ein Feind ihn angreifen kann.",
        "Un guerrier sonné est automatiquement mis hors de combat si un ennemi peut l'attaquer.",
    ),
    "Attacks against a knocked-down warrior hit automatically and cannot be parried; if one wounds and the armour save fails, the warrior is out of action.": (
        "Los ataques contra un guerrero derribado impactan automáticamente y no pueden pararse; si uno hiere y falla la tirada de salvación por armadura, el guerrero queda fuera de combate.",
        "Атаки против сбитого с ног воина автоматически попадают, и их нельзя парировать; если атака ранит и воин не проходит тест на защиту доспехами, он выводится из игры.",
        "Angriffe gegen einen niedergeschlagenen Krieger treffen automatisch und können nicht pariert werden; verwundet einer und misslingt der Rüstungswurf, ist der Krieger ausgeschaltet.",
        "Les attaques contre un guerrier à terre touchent automatiquement et ne peuvent pas être parées ; si l'une blesse et que la sauvegarde d'armure échoue, le guerrier est hors de combat.",
    ),
    "This warrior is out of action.": (
        "Este guerrero queda fuera de combate.",
        "Этот воин выведен из игры.",
        "Dieser Krieger ist ausgeschaltet.",
        "Ce guerrier est hors de combat.",
    ),
    "Every enemy is down, so the warrior may leave the combat and even attack other enemies.": (
        "Todos los enemigos están en el suelo, así que el guerrero puede abandonar el combate e incluso atacar a otros enemigos.",
        "Все враги сбиты с ног или оглушены, поэтому воин может выйти из боя и даже атаковать других врагов.",
        "Alle Feinde liegen am Boden, also darf der Krieger den Nahkampf verlassen und sogar andere Feinde angreifen.",
        "Tous les ennemis sont à terre : le guerrier peut quitter le combat et même attaquer d'autres ennemis.",
    ),
    "Warriors cannot leave a combat in their movement phase while an enemy still stands.": (
        "Los guerreros no pueden abandonar un combate en su fase de movimiento mientras un enemigo siga en pie.",
        "Воины не могут выйти из боя в свою фазу движения, пока противник стоит на ногах.",
        "Krieger dürfen einen Nahkampf in ihrer Bewegungsphase nicht verlassen, solange ein Feind noch steht.",
        "Les guerriers ne peuvent pas quitter un combat pendant leur phase de mouvement tant qu'un ennemi est debout.",
    ),
    "The charge move is legal: at most one wheel of up to 90 degrees, with as many models in contact as possible.": (
        "El movimiento de carga es legal: como máximo un giro de hasta 90 grados, con el máximo de miniaturas en contacto.",
        "Перемещение нападающих допустимо: не более одного поворота до 90 градусов и как можно больше моделей в контакте.",
        "Die Angriffsbewegung ist zulässig: höchstens ein Schwenk bis 90 Grad, mit so vielen Modellen in Kontakt wie möglich.",
        "Le mouvement de charge est légal : au plus un pivot de 90 degrés maximum, avec autant de figurines en contact que possible.",
    ),
    "The charge move is not legal: a charge allows one wheel of up to 90 degrees and must bring as many models into contact as possible.": (
        "El movimiento de carga no es legal: una carga permite un giro de hasta 90 grados y debe poner en contacto el máximo de miniaturas posible.",
        "Перемещение нападающих недопустимо: при нападении разрешён один поворот до 90 градусов, и в контакт нужно привести как можно больше моделей.",
        "Die Angriffsbewegung ist nicht zulässig: ein Angriff erlaubt einen Schwenk bis 90 Grad und muss so viele Modelle wie möglich in Kontakt bringen.",
        "Le mouvement de charge n'est pas légal : une charge permet un pivot de 90 degrés maximum et doit mettre en contact autant de figurines que possible.",
    ),
    "The editions differ; each one's answer follows, with its citation.": (
        "Las ediciones difieren; sigue la respuesta de cada una, con su cita.",
        "Редакции расходятся; ниже ответ каждой, со ссылкой.",
        "Die Ausgaben unterscheiden sich; es folgt die Antwort jeder Ausgabe mit ihrem Zitat.",
        "Les éditions diffèrent ; voici la réponse de chacune, avec sa citation.",
    ),
    "According to {edition} ({game}), {heading}: «{text}»": (
        "Según {edition} ({game}), {heading}: «{text}»",
        "Согласно {edition} ({game}), {heading}: «{text}»",
        "Laut {edition} ({game}), {heading}: „{text}“",
        "Selon {edition} ({game}), {heading} : « {text} »",
    ),
    "I could not compute an outcome ({problem}).": (
        "No pude calcular un resultado ({problem}).",
        "Не удалось вычислить результат ({problem}).",
        "Ich konnte kein Ergebnis berechnen ({problem}).",
        "Je n'ai pas pu calculer de résultat ({problem}).",
    ),
    "The rules I have do not cover this. They cover: {topics}.": (
        "Las reglas que tengo no cubren esto. Cubren: {topics}.",
        "Мои правила этого не охватывают. Они охватывают: {topics}.",
        "Meine Regeln decken das nicht ab. Sie behandeln: {topics}.",
        "Les règles dont je dispose ne couvrent pas cela. Elles couvrent : {topics}.",
    ),
    # The web interface.
    "flee roll": ("tirada de huida", "бросок бегства", "Fluchtwurf", "jet de fuite"),
    "pursuit roll": (
        "tirada de persecución",
        "бросок преследования",
        "Verfolgungswurf",
        "jet de poursuite",
    ),
    "Chance of each total": (
        "Probabilidad de cada total",
        "Вероятность каждой суммы",
        "Wahrscheinlichkeit jeder Summe",
        "Probabilité de chaque total",
    ),
    "Leadership test roll": (
        "tirada de Liderazgo",
        "бросок на Лидерство",
        "Moralwerttest-Wurf",
        "jet de Commandement",
    ),
    "That question is too long.": (
        "La pregunta es demasiado larga.",
        "Вопрос слишком длинный.",
        "Die Frage ist zu lang.",
        "La question est trop longue.",
    ),
    "Rules?": ("¿Reglas?", "Правила?", "Regeln?", "Règles ?"),
    "refbot — rules reference": (
        "refbot — consulta de reglas",
        "refbot — справочник по правилам",
        "refbot — Regelnachschlagewerk",
        "refbot — référence des règles",
    ),
    "Ask a rules question, in any language": (
        "Haz una pregunta de reglas, en cualquier idioma",
        "Задайте вопрос по правилам на любом языке",
        "Stelle eine Regelfrage, in jeder Sprache",
        "Posez une question de règles, dans n'importe quelle langue",
    ),
    "My goblins fled 7, the pursuers rolled 7: what happens?": (
        "Mis goblins huyeron 7, los perseguidores sacaron 7: ¿qué pasa?",
        "Мои гоблины бежали на 7, преследователи выбросили 7: что происходит?",
        "Meine Goblins flohen 7, die Verfolger würfelten 7: was passiert?",
        "Mes gobelins ont fui de 7, les poursuivants ont fait 7 : que se passe-t-il ?",
    ),
    "Ask": ("Preguntar", "Спросить", "Fragen", "Demander"),
    "Answer": ("Respuesta", "Ответ", "Antwort", "Réponse"),
    "Computed outcome": (
        "Resultado calculado",
        "Вычисленный результат",
        "Berechnetes Ergebnis",
        "Résultat calculé",
    ),
    "stated by the cited rules": (
        "lo establecen las reglas citadas",
        "подтверждено приведёнными правилами",
        "durch die zitierten Regeln belegt",
        "établi par les règles citées",
    ),
    "rule clauses added: retrieval did not find them": (
        "cláusulas de la regla añadidas: la búsqueda no las encontró",
        "пункты правила добавлены: поиск их не нашёл",
        "Regelklauseln ergänzt: die Suche fand sie nicht",
        "clauses de la règle ajoutées : la recherche ne les a pas trouvées",
    ),
    "Sources": ("Fuentes", "Источники", "Quellen", "Sources"),
    "language": ("idioma", "язык", "Sprache", "langue"),
    "edition": ("edición", "редакция", "Ausgabe", "édition"),
    "source": ("fuente", "источник", "Quelle", "source"),
    "page": ("página", "страница", "Seite", "page"),
    "example": ("ejemplo", "пример", "Beispiel", "exemple"),
    "Show parallel clauses": (
        "Mostrar cláusulas paralelas",
        "Показать параллельные пункты",
        "Parallele Klauseln zeigen",
        "Afficher les clauses parallèles",
    ),
    "Confidence": ("Confianza", "Уверенность", "Sicherheit", "Confiance"),
    "Language": ("Idioma", "Язык", "Sprache", "Langue"),
    "API": ("API", "API", "API", "API"),
    "Align editions": (
        "Alinear ediciones",
        "Сопоставление редакций",
        "Ausgaben abgleichen",
        "Aligner les éditions",
    ),
    "Align": ("Alinear", "Сопоставить", "Abgleichen", "Aligner"),
    "Concept": ("Concepto", "Понятие", "Begriff", "Notion"),
    "Show every edition": (
        "Mostrar todas las ediciones",
        "Показать все редакции",
        "Alle Ausgaben zeigen",
        "Afficher toutes les éditions",
    ),
    "Download TMX": ("Descargar TMX", "Скачать TMX", "TMX herunterladen", "Télécharger le TMX"),
    "Score": ("Puntuación", "Оценка", "Wert", "Score"),
}

PLURALS: dict[str, dict[str, tuple[str, ...]]] = {
    "The warrior breaks and runs: its {n} opponent gets one automatic hit, resolved at once.": {
        "es": (
            "El guerrero huye: su {n} oponente obtiene un impacto automático, que se resuelve de inmediato.",
            "El guerrero huye: cada uno de sus {n} oponentes obtiene un impacto automático, que se resuelve de inmediato.",
        ),
        "ru": (
            "Воин бежит: его {n} противник наносит одно автоматическое попадание, оно рассматривается немедленно.",
            "Воин бежит: каждый из его {n} противников наносит одно автоматическое попадание, они рассматриваются немедленно.",
            "Воин бежит: каждый из его {n} противников наносит одно автоматическое попадание, они рассматриваются немедленно.",
        ),
        "de": (
            "Der Krieger flieht: sein {n} Gegner erhält einen automatischen Treffer, sofort abgehandelt.",
            "Der Krieger flieht: jeder seiner {n} Gegner erhält einen automatischen Treffer, sofort abgehandelt.",
        ),
        "fr": (
            "Le guerrier rompt et fuit : son {n} adversaire obtient une touche automatique, résolue aussitôt.",
            "Le guerrier rompt et fuit : chacun de ses {n} adversaires obtient une touche automatique, résolue aussitôt.",
        ),
    }
}


def main() -> int:
    with (ROOT / "locales" / "messages.pot").open("rb") as handle:
        template = read_po(handle)
    missing = []
    for index, lang in enumerate(LANGS):
        # A fixed date keeps regenerated catalogs identical when no message changed.
        created = datetime(2026, 11, 30, tzinfo=UTC)
        catalog = Catalog(
            locale=lang, project="refbot", fuzzy=False, creation_date=created, revision_date=created
        )
        for message in template:
            if not message.id:
                continue
            if isinstance(message.id, tuple):
                forms = PLURALS.get(message.id[0], {}).get(lang)
                if forms is None:
                    missing.append((lang, message.id[0]))
                    continue
                # CLDR gives es and fr a third form (for millions): it reads as the plural.
                padded = forms + (forms[-1],) * (catalog.num_plurals - len(forms))
                catalog.add(message.id, padded[: catalog.num_plurals])
            elif message.id in T:
                catalog.add(message.id, T[message.id][index])
            else:
                missing.append((lang, message.id))
        path = ROOT / "locales" / lang / "LC_MESSAGES" / "messages.po"
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            write_po(handle, catalog, width=100, omit_header=False)
    for lang, msgid in missing:
        print(f"untranslated [{lang}]: {msgid}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
