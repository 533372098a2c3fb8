/**
 * Spanish for the texts the server and the shared schemas write in English (error messages, field reasons,
 * refusals of a link, research's fixed texts). Keys are the English texts; `{0}`, `{1}`… stand for the parts a
 * text is built with, in order, and each language places them where its grammar wants them. A part that is
 * itself an English text of this table (`That task`, `posts`) is translated too. Reviewed text by text: tú.
 */
export const spanishTexts: Readonly<Record<string, string>> = {
  // The error body's general messages (app.ts, errors.ts, failure-kinds.ts, validation.ts).
  'Some fields are missing or wrong': 'Faltan campos o hay alguno incorrecto',
  'There is no such API route': 'Esa ruta de la API no existe',
  'Not found': 'No encontrado',
  'Bad request': 'Solicitud incorrecta',
  'The request was cancelled': 'La solicitud se canceló',
  'The request was cancelled before the answer came':
    'La solicitud se canceló antes de que llegara la respuesta',
  'Something went wrong on our side': 'Algo falló de nuestro lado',
  'The request body is larger than {0} KB': 'El cuerpo de la solicitud supera los {0} KB',
  '{0} was not found': '{0} no existe',
  'Sign in to continue': 'Inicia sesión para continuar',
  'The server is busy. Try again shortly.': 'El servidor está ocupado. Inténtalo de nuevo en un momento.',
  'The database is unavailable. Try again shortly.':
    'La base de datos no está disponible. Inténtalo de nuevo en un momento.',
  'The server has run out of storage space, so nothing was saved. Try again later.':
    'El servidor se quedó sin espacio de almacenamiento, así que no se guardó nada. Inténtalo de nuevo más tarde.',
  'A value in the request cannot be stored': 'Un valor de la solicitud no se puede guardar',
  'Send the request body as application/json': 'Envía el cuerpo de la solicitud como application/json',
  'Send the request body as JSON': 'Envía el cuerpo de la solicitud como JSON',
  'Send the file as {0}': 'Envía el archivo como {0}',
  'Requests from other sites are not accepted': 'No se aceptan solicitudes desde otros sitios',
  'Too many requests at once from this browser. Try again shortly.':
    'Demasiadas solicitudes a la vez desde este navegador. Inténtalo de nuevo en un momento.',
  'Too many {0} requests: try again in {1} s': 'Demasiadas solicitudes de {0}: vuelve a intentarlo en {1} s',
  'Daily AI limit reached ({0} calls): try again in {1}':
    'Límite diario de IA alcanzado ({0} llamadas): vuelve a intentarlo en {1}',
  'Too many generations running at once (at most {0}): try again when one has finished':
    'Demasiadas generaciones en curso a la vez (como máximo {0}): vuelve a intentarlo cuando termine una',
  AI: 'IA',
  'sign-in': 'inicio de sesión',
  posts: 'publicaciones',
  comments: 'comentarios',
  'Unknown time zone': 'Zona horaria desconocida',
  'Not a time zone name': 'No es un nombre de zona horaria',
  'Send at least one field to change': 'Envía al menos un campo para cambiar',
  'Nothing to change': 'No hay nada que cambiar',
  'An Idempotency-Key is 8 to 100 letters, digits and . _ : -':
    'Una Idempotency-Key tiene de 8 a 100 letras, dígitos y . _ : -',

  // What was not found (notFound's subjects).
  'That comment': 'Ese comentario',
  'That file': 'Ese archivo',
  'That focus session': 'Esa sesión de concentración',
  'That generated output': 'Ese resultado generado',
  'That media': 'Ese archivo multimedia',
  'That member': 'Ese miembro',
  'That picture': 'Esa imagen',
  'That post': 'Esa publicación',
  'That quick action': 'Esa acción rápida',
  'That task': 'Esa tarea',
  'That track': 'Esa canción',
  'That widget': 'Ese widget',
  'That session': 'Esa sesión',
  'The generation': 'La generación',
  'Your account': 'Tu cuenta',
  'That file was not found': 'Ese archivo no existe',
  'That session was not found': 'Esa sesión no existe',

  // Limits of a text or a list (shared schemas).
  'At most {0} characters': 'Como máximo {0} caracteres',
  'At most 200 characters': 'Como máximo 200 caracteres',
  'At most 320 characters': 'Como máximo 320 caracteres',
  'At most 500 characters': 'Como máximo 500 caracteres',
  'At most {0} messages': 'Como máximo {0} mensajes',
  'At most {0} tags': 'Como máximo {0} etiquetas',
  'A tag is at most {0} characters': 'Una etiqueta tiene como máximo {0} caracteres',
  'At most {0} labels': 'Como máximo {0} etiquetas',
  'Labels must not repeat': 'Las etiquetas no se pueden repetir',
  '{0} is at most {1}': '{0}: como máximo {1}',
  '{0} is at least {1}': '{0}: como mínimo {1}',
  Duration: 'Duración',
  Steps: 'Pasos',
  'Number of images': 'Número de imágenes',

  // Forms' own reasons (shared schemas).
  'Type a title': 'Escribe un título',
  'Type a label': 'Escribe una etiqueta',
  'Type a name': 'Escribe un nombre',
  'Write a status': 'Escribe un estado',
  'Give your post a title': 'Ponle un título a tu publicación',
  'Write a comment first': 'Escribe un comentario primero',
  'Write a message to send': 'Escribe un mensaje para enviar',
  'Write something to send': 'Escribe algo para enviar',
  'Send at least one message': 'Envía al menos un mensaje',
  'Write a prompt first': 'Escribe un prompt primero',
  'Write a prompt to optimize': 'Escribe un prompt para optimizar',
  'Write something to improve': 'Escribe algo para mejorar',
  'Write something to translate': 'Escribe algo para traducir',
  'Give a topic': 'Indica un tema',
  'Type something to find': 'Escribe algo para buscar',
  'Choose a model': 'Elige un modelo',
  'Choose a model for this provider': 'Elige un modelo para este proveedor',
  'A model id has letters, digits and . : / @ + - _ only':
    'El id de un modelo solo tiene letras, dígitos y . : / @ + - _',
  'Give the action a label': 'Ponle un nombre a la acción',
  'The template must contain {0} where the selected text goes':
    'La plantilla debe incluir {0} donde va el texto seleccionado',
  'You already have {0} quick actions, the most there can be: delete one to add another':
    'Ya tienes {0} acciones rápidas, el máximo posible: elimina una para agregar otra',
  'Say which job': 'Indica qué trabajo',
  'Say which file to download': 'Indica qué archivo descargar',
  'Give the link of the file to save': 'Indica el enlace del archivo que quieres guardar',
  'Give an http or https link': 'Indica un enlace http o https',
  'Give an http or https link to the file, or one of your generated outputs':
    'Indica un enlace http o https al archivo, o uno de tus resultados generados',
  'Give an http(s) link to an image, or leave it empty to remove it':
    'Indica un enlace http(s) a una imagen, o déjalo vacío para quitarla',
  'That is not your current picture: give a link to an image instead':
    'Esa no es tu imagen actual: indica el enlace de una imagen',
  'Only CSS gradients (linear-, radial- or conic-gradient) with colours are allowed':
    'Solo se permiten degradados CSS (linear-, radial- o conic-gradient) con colores',
  'A colour is #rgb or #rrggbb': 'Un color se escribe #rgb o #rrggbb',
  'Paste a link or embed code': 'Pega un enlace o un código para insertar',
  'Paste a Suno song link or embed code': 'Pega el enlace de una canción de Suno o su código para insertar',
  'Change at least one of title, body, lang or aiHelpers':
    'Cambia al menos uno de estos campos: title, body, lang o aiHelpers',

  // Community.
  "Only the post's author can {0} it": 'Solo quien escribió la publicación puede {0}la',
  edit: 'editar',
  delete: 'eliminar',
  "Only the post's author can mark its comments helpful":
    'Solo quien escribió la publicación puede marcar sus comentarios como útiles',
  'Only the community operators can do that': 'Solo quienes administran la comunidad pueden hacer eso',
  'You cannot report your own post: edit or delete it instead':
    'No puedes reportar tu propia publicación: edítala o elimínala',

  // Chat and AI providers.
  'This thread has no message of yours to answer yet':
    'Este hilo todavía no tiene un mensaje tuyo que responder',
  'The model answered nothing': 'El modelo no respondió nada',
  '{0} is not configured on this server: set {1}': '{0} no está configurado en este servidor: define {1}',
  '{0} did not answer properly': '{0} no respondió correctamente',
  '{0} took too long to answer': '{0} tardó demasiado en responder',
  '{0} makes images, video and audio; choose OpenRouter or Straico to chat':
    '{0} crea imágenes, video y audio; elige OpenRouter o Straico para chatear',
  '"{0}" is not a fal.ai model id': '"{0}" no es un id de modelo de fal.ai',
  'Local model': 'Modelo local',
  'A local model cannot make images: choose OpenRouter, Straico or fal.ai to generate one':
    'Un modelo local no puede crear imágenes: elige OpenRouter, Straico o fal.ai para generar una',
  '{0}: the server working on it stopped too often':
    '{0}: el servidor que la procesaba se detuvo demasiadas veces',
  '{0} does not offer "{1}" on this server: choose a model from the list':
    '{0} no ofrece "{1}" en este servidor: elige un modelo de la lista',
  'Choose a model from the list': 'Elige un modelo de la lista',

  // Research (#shared/research.ts RESEARCH_TEXTS).
  'Please enter a research topic first ✍️': 'Escribe primero un tema de investigación ✍️',
  'Research search failed': 'La búsqueda de investigación falló',
  'Unknown error': 'Error desconocido',
  'Synthesis unavailable.': 'Síntesis no disponible.',

  // Files, links and media.
  'Links to private or local network addresses cannot be fetched':
    'No se pueden descargar enlaces a direcciones privadas o de la red local',
  'The remote server took too long to answer': 'El servidor remoto tardó demasiado en responder',
  'The remote host could not be found': 'No se encontró el servidor remoto',
  'The remote server could not be reached': 'No se pudo conectar con el servidor remoto',
  'The remote file is larger than {0} bytes': 'El archivo remoto supera los {0} bytes',
  'The file is larger than {0} bytes': 'El archivo supera los {0} bytes',
  'This would go past your {0} of storage. Delete media you no longer need, then try again.':
    'Esto superaría tus {0} de almacenamiento. Borra el contenido que ya no necesites y vuelve a intentarlo.',
  'The file has {0} bytes; that range is outside it': 'El archivo tiene {0} bytes; ese rango queda fuera',
  'The file could not be downloaded: its server answered {0}. The link may have expired.':
    'No se pudo descargar el archivo: su servidor respondió {0}. Puede que el enlace haya caducado.',
  'That file is not a supported {0} ({1}); Lumara keeps {2}':
    'Ese archivo no es un formato compatible de {0} ({1}); Lumara guarda {2}',
  image: 'imagen',
  video: 'video',
  audio: 'audio',

  // Live updates.
  'You have {0} live pages open already; close one to get live updates here':
    'Ya tienes {0} páginas abiertas con actualizaciones en vivo; cierra una para recibirlas aquí',
  'The server is at its limit of live connections. Try again shortly.':
    'El servidor llegó a su límite de conexiones en vivo. Inténtalo de nuevo en un momento.',

  // Sign-in.
  'This sign-in was not started in this browser, or was already used. Please sign in again.':
    'Este inicio de sesión no empezó en este navegador, o ya se usó. Vuelve a iniciar sesión.',
  'Too many sign-ins are waiting. Try again in a few minutes.':
    'Hay demasiados inicios de sesión en espera. Inténtalo de nuevo en unos minutos.',
  'The sign-in code was refused. Please sign in again.':
    'Se rechazó el código de inicio de sesión. Vuelve a iniciar sesión.',
  'The sign-in provider cannot be reached. Please try again.':
    'No se puede conectar con el proveedor de inicio de sesión. Inténtalo de nuevo.',
  'The sign-in could not be verified. Please sign in again.':
    'No se pudo verificar el inicio de sesión. Vuelve a iniciar sesión.',
  'The sign-in provider did not complete the sign-in. Please try again.':
    'El proveedor no completó el inicio de sesión. Inténtalo de nuevo.',
  'The sign-in provider sent no identity.': 'El proveedor de inicio de sesión no envió ninguna identidad.',
  'This email address cannot sign in: its domain is reserved and receives no mail':
    'Esta dirección de correo no puede iniciar sesión: su dominio está reservado y no recibe correo',
  'The sign-in provider did not share an email address.':
    'El proveedor de inicio de sesión no compartió ninguna dirección de correo.',

  // Your data.
  'That is not the email of this account': 'Ese no es el correo de esta cuenta',
  'Type the email you sign in with, exactly': 'Escribe el correo con el que inicias sesión, tal cual',
  'Type your email to confirm': 'Escribe tu correo para confirmar',
  'This archive cannot be imported: {0}: {1}': 'Este archivo no se puede importar: {0}: {1}',
  'This archive cannot be imported: {0}': 'Este archivo no se puede importar: {0}',
  'This is not a Lumara archive we can import: {0}':
    'Este no es un archivo de Lumara que podamos importar: {0}',
  'An archive may be at most {0} GB': 'Un archivo puede pesar como máximo {0} GB',
  'Send the archive (a .zip) as the request body': 'Envía el archivo (un .zip) como cuerpo de la solicitud',
  'not a file path of this archive': 'no es una ruta de archivo de este archivo comprimido',
  'Deleted member': 'Miembro eliminado',
  'Your account changed while the archive was imported: import it again':
    'Tu cuenta cambió mientras se importaba el archivo: vuelve a importarlo',
  'An import of yours is already under way: wait until it has finished':
    'Ya hay una importación tuya en curso: espera a que termine',
  'Other imports are under way: try again in a minute':
    'Hay otras importaciones en curso: vuelve a intentarlo en un minuto',
  'This archive would give you more than {0} quick actions, the most there can be: delete some first':
    'Este archivo te daría más de {0} acciones rápidas, el máximo posible: elimina algunas primero',
  'This archive holds more posts in one minute than a member may write ({0})':
    'Este archivo contiene más publicaciones en un minuto de las que un miembro puede escribir ({0})',
  'This archive holds more comments in one minute than a member may write ({0})':
    'Este archivo contiene más comentarios en un minuto de los que un miembro puede escribir ({0})',

  // Links refused by the embed rules (#shared/embeds.ts).
  'Paste a link or embed code.': 'Pega un enlace o un código para insertar.',
  'Paste a Suno song link or embed code.': 'Pega el enlace de una canción de Suno o su código para insertar.',
  'That is not a link. Paste a full link starting with https://, or embed code.':
    'Eso no es un enlace. Pega un enlace completo que empiece por https://, o un código para insertar.',
  'Only web links (starting with https://) can be embedded.':
    'Solo se pueden insertar enlaces web (que empiecen por https://).',
  'Links cannot contain spaces, line breaks, invisible or control characters.':
    'Los enlaces no pueden tener espacios, saltos de línea ni caracteres invisibles o de control.',
  'Links cannot contain backslashes (\\).': 'Los enlaces no pueden tener barras invertidas (\\).',
  'Links with a user name or password in them are not accepted.':
    'No se aceptan enlaces que incluyan un nombre de usuario o una contraseña.',
  'Only secure pages (https://) can be shown in a widget; this link is http://.':
    'Un widget solo puede mostrar páginas seguras (https://); este enlace es http://.',
  'A widget shows a public website by its name, not an IP address or a local network name.':
    'Un widget muestra un sitio web público por su nombre, no una dirección IP ni un nombre de la red local.',
  'Web addresses with international characters are not accepted here, because they can imitate other sites.':
    'Aquí no se aceptan direcciones web con caracteres internacionales, porque pueden imitar otros sitios.',
  'A widget cannot show Lumara itself.': 'Un widget no puede mostrar el propio Lumara.',
  'That embed code has no <iframe> in it.': 'Ese código para insertar no tiene ningún <iframe>.',
  'That embed code has more than one <iframe>. Paste one embed at a time.':
    'Ese código para insertar tiene más de un <iframe>. Pega uno cada vez.',
  'That embed code has no src link in its <iframe>.':
    'Ese código para insertar no tiene enlace src en su <iframe>.',
  'That embed code has more than one src link in its <iframe>.':
    'Ese código para insertar tiene más de un enlace src en su <iframe>.',
  'Embed code with inline page content (srcdoc) is not accepted. Paste a link instead.':
    'No se acepta código con contenido de página en línea (srcdoc). Pega un enlace.',
  'That embed code is cut off (a quote is not closed). Copy the whole code again.':
    'Ese código para insertar está cortado (falta cerrar unas comillas). Vuelve a copiarlo entero.',
  'That is not a Suno song link.': 'Ese no es el enlace de una canción de Suno.',
  'That Suno link does not point to a song. Open the song and copy its share link.':
    'Ese enlace de Suno no lleva a una canción. Abre la canción y copia su enlace para compartir.',
  'That YouTube link is not a video or a playlist.': 'Ese enlace de YouTube no es un video ni una lista.',
  'That Spotify link is not a track, album, playlist, episode, show or artist.':
    'Ese enlace de Spotify no es una canción, un álbum, una lista, un episodio, un programa ni un artista.',
  'That Google Calendar link does not name a calendar (src=).':
    'Ese enlace de Google Calendar no indica ningún calendario (src=).',
  'That Google Calendar link names a calendar ID that is not valid.':
    'Ese enlace de Google Calendar indica un ID de calendario que no es válido.',
  'That is too long. Paste a link or embed code of at most {0} characters.':
    'Es demasiado largo. Pega un enlace o un código para insertar de como máximo {0} caracteres.',
  'That link is too long (at most {0} characters).':
    'Ese enlace es demasiado largo (como máximo {0} caracteres).',
  "That link's site name has characters a web address cannot have.":
    'El nombre del sitio de ese enlace tiene caracteres que una dirección web no puede tener.',
  "That link is not on {0}'s own site.": 'Ese enlace no está en el sitio propio de {0}.',
  "That Google Calendar link cannot be embedded. Copy the embed link or the calendar ID from the calendar's settings.":
    'Ese enlace de Google Calendar no se puede insertar. Copia el enlace para insertar o el ID del calendario desde la configuración del calendario.',
  'A calendar widget can show at most {0} calendars.':
    'Un widget de calendario puede mostrar como máximo {0} calendarios.',
  "To add that calendar, paste its embed link from the calendar's settings (Integrate calendar).":
    'Para agregar ese calendario, pega su enlace para insertar desde la configuración del calendario (Integrar calendario).',
};
